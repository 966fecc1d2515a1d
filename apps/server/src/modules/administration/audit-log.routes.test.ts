// Issue 16: every administrative change leaves one audit entry (before and after as the API shows
// the object, never a password hash) in its own transaction; admin reads its organisation's
// entries, system-admin everyone's; the database refuses to rewrite or remove an entry.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminUser, AuditEntry } from '@liftwacht/contracts/administration';
import { auditLog, liftImports, lifts, visits } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { adminClient, dataOf, invitation } from './administration-test-support.ts';

const t = useTestApp();
const api = adminClient(t);

const sys = 'test-system-admin';
const admin = 'test-admin';
type List<T> = { items: T[]; total: number };
const log = async (username: string, query = '') =>
  dataOf<List<AuditEntry>>(await api.get(username, `/audit-log${query}`));

describe('audit log', () => {
  it('records each change with who, where, before and after; newest first', async () => {
    const invited = dataOf<AdminUser>(await api.send(admin, 'POST', '/users', invitation(t.fixtures.org.owner)));
    t.clock.advance(60_000);
    const renamed = dataOf<AdminUser>(
      await api.send(admin, 'PATCH', `/users/${String(invited.id)}`, { name: 'Renamed', version: 1 }),
    );
    const entries = await log(admin, '?subjectType=user');
    expect(entries.items.slice(0, 2).map((e) => e.action)).toEqual(['user.updated', 'user.invited']);
    const [updated, created] = entries.items;
    expect(updated).toMatchObject({
      userId: t.fixtures.user.admin.id,
      username: 'test-admin',
      organisationId: t.fixtures.org.owner,
      organisationName: 'Woonstichting Test',
      subjectType: 'user',
      subjectId: String(invited.id),
      before: invited,
      after: renamed,
    });
    expect(updated?.ip).toBeTruthy();
    expect(created).toMatchObject({ before: null, after: invited });
    expect(JSON.stringify(entries)).not.toMatch(/argon2|password_?hash/i);
    // Failed changes leave nothing.
    await api.send(admin, 'PATCH', `/users/${String(invited.id)}`, { name: 'Stale', version: 1 });
    expect((await log(admin, '?subjectType=user')).total).toBe(entries.total);
  });

  it('an admin reads its own organisation’s entries only; system-admin every one and narrows by organisation', async () => {
    const { org } = t.fixtures;
    await api.send(sys, 'POST', '/users', invitation(org.stranger));
    await api.send(sys, 'POST', '/access-grants', {
      organisationId: org.maintenance,
      accessibleOrganisationId: org.stranger,
    });
    await api.send(sys, 'DELETE', `/access-grants/${String(org.maintenance)}/${String(org.stranger)}`);
    const own = await log(admin, '?limit=1000');
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((e) => e.organisationId === org.owner)).toBe(true);
    expect(JSON.stringify(own)).not.toContain('Vreemde');
    expect((await api.get(admin, `/audit-log?organisationId=${String(org.stranger)}`)).statusCode).toBe(404);

    const stranger = await log(sys, `?organisationId=${String(org.stranger)}`);
    expect(stranger.items.map((e) => e.action)).toEqual(['access.revoked', 'access.granted', 'user.invited']);
    expect(stranger.items[0]).toMatchObject({
      subjectType: 'access_grant',
      subjectId: `${String(org.maintenance)}:${String(org.stranger)}`,
      after: null,
      before: { organisationId: org.maintenance, accessibleOrganisationId: org.stranger },
    });
    expect((await log(sys, '?action=access.granted')).total).toBe(1);
    expect((await log(sys, `?userId=${String(t.fixtures.user.systemAdmin.id)}`)).total).toBe(3);
    expect((await log(sys, '?from=2026-03-11&to=2026-03-12')).total).toBe(0);
    expect((await log(sys, '?from=2026-03-10&to=2026-03-10')).total).toBeGreaterThan(0);
    for (const username of ['test-user', 'test-client', 'test-monteur']) {
      expect((await api.get(username, '/audit-log')).statusCode).toBe(403);
    }
  });

  it('names each subject: a lift with its address, a person, a visit by kind, time and lift, an import by file', async () => {
    const { org, user } = t.fixtures;
    const db = t.database.db;
    const [lift] = await db
      .insert(lifts)
      .values({ organisationId: org.owner, name: 'Personenlift', address: 'Dorpsstraat 4, Houten' })
      .returning({ id: lifts.id });
    const liftId = lift?.id ?? 0;
    const [visit] = await db
      .insert(visits)
      .values({
        liftId,
        type: 'maintenance',
        role: 'mechanic',
        state: 'finished',
        startedAt: new Date('2026-03-03T08:15:00Z'),
      })
      .returning({ id: visits.id });
    const [upload] = await db
      .insert(liftImports)
      .values({
        organisationId: org.owner,
        userId: user.admin.id,
        fileName: 'liften-houten.xlsx',
        format: 'xlsx',
        content: Buffer.from('x'),
      })
      .returning({ id: liftImports.id });
    const entry = (action: string, subjectType: string, subjectId: string) => ({
      organisationId: org.owner,
      userId: user.admin.id,
      action,
      subjectType,
      subjectId,
    });
    await db.insert(auditLog).values([
      entry('lift.created', 'lift', String(liftId)),
      entry('visit.finished', 'visit', String(visit?.id ?? 0)),
      entry('lift_import.applied', 'lift_import', upload?.id ?? ''),
      entry('user.updated', 'user', String(user.user.id)),
      entry('access.granted', 'access_grant', `${String(org.maintenance)}:${String(org.owner)}`),
      // A subject whose row is gone is named by nothing rather than by a guess.
      entry('lift.updated', 'lift', '999999'),
    ]);
    const items = (await log(admin, '?limit=6')).items;
    const subject = (subjectType: string) => items.find((e) => e.subjectType === subjectType)?.subject;
    const personenlift = { id: liftId, name: 'Personenlift', address: 'Dorpsstraat 4, Houten' };
    expect(items.find((e) => e.subjectType === 'lift' && e.action === 'lift.created')?.subject).toEqual({
      name: 'Personenlift',
      lift: personenlift,
      kind: null,
      at: null,
    });
    expect(subject('visit')).toEqual({
      name: null,
      lift: personenlift,
      kind: 'maintenance',
      at: '2026-03-03T08:15:00.000Z',
    });
    expect(subject('lift_import')).toMatchObject({ name: 'liften-houten.xlsx', lift: null });
    expect(subject('user')).toMatchObject({ name: 'Test user' });
    expect(subject('access_grant')).toMatchObject({ name: 'Liftservice Test → Woonstichting Test' });
    expect(items.find((e) => e.action === 'lift.updated')?.subject).toBeNull();
  });

  it('the database refuses to update or delete an entry', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_log set action = 'user.enabled'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [row] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`);
    expect(row?.n).toBeGreaterThan(0);
  });
});
