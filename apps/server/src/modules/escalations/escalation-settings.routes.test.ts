// Issue 19: an organisation's escalation limits — read by whoever may read the organisation, changed
// by its own admin or system-admin with the version it was read at, audited.
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EscalationSettings } from '@liftwacht/contracts/escalations';
import { auditLog } from '../../db/schema.ts';
import { apiClient } from '../../test-support/api-client.ts';
import { insertMaintenanceAdmin } from '../../test-support/fixtures.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const t = useTestApp();
const api = apiClient(t);

beforeAll(async () => {
  // An admin of the maintenance company, which the owner organisation granted access.
  await insertMaintenanceAdmin(t);
});

const send = (username: string, method: 'GET' | 'PUT', organisationId: number, payload?: unknown) =>
  api.send(username, method, `/organisations/${String(organisationId)}/escalation-settings`, payload);
const settingsOf = (res: LightMyRequestResponse) => res.json<{ data: EscalationSettings }>().data;

describe('escalation settings', () => {
  it('start at 5 and 15 minutes; its users read them, only its admin may change them', async () => {
    const { org } = t.fixtures;
    const byUser = await send('test-user', 'GET', org.owner);
    expect(byUser.statusCode, byUser.body).toBe(200);
    expect(settingsOf(byUser)).toEqual({
      organisationId: org.owner,
      organisationName: 'Woonstichting Test',
      firstMinutes: 5,
      secondMinutes: 15,
      version: 1,
      editable: false,
    });
    expect(settingsOf(await send('test-admin', 'GET', org.owner)).editable).toBe(true);
    expect(settingsOf(await send('test-client', 'GET', org.owner)).editable).toBe(false);
    // Through its grant the maintenance company reads them; its admin may not change them.
    expect(settingsOf(await send('test-onderhoud', 'GET', org.owner)).editable).toBe(false);
    expect(settingsOf(await send('test-onderhoud-admin', 'GET', org.owner)).editable).toBe(false);
    expect(settingsOf(await send('test-onderhoud-admin', 'GET', org.maintenance)).editable).toBe(true);
    expect(settingsOf(await send('test-system-admin', 'GET', org.stranger)).editable).toBe(true);
  });

  it('answers 404 for an organisation outside the scope or one that does not exist, 403 without the permission', async () => {
    const { org } = t.fixtures;
    expect((await send('test-user', 'GET', org.stranger)).statusCode).toBe(404);
    expect((await send('test-user', 'GET', 2_000_000_001)).statusCode).toBe(404);
    expect((await send('test-monteur', 'GET', org.owner)).statusCode).toBe(403);
    const body = { firstMinutes: 3, secondMinutes: 10, version: 1 };
    expect((await send('test-admin', 'PUT', org.stranger, body)).statusCode).toBe(404);
    expect((await send('test-admin', 'PUT', 2_000_000_001, body)).statusCode).toBe(404);
    expect((await send('test-user', 'PUT', org.owner, body)).statusCode).toBe(403);
    // Readable through the grant, but not its own organisation.
    const granted = await send('test-onderhoud-admin', 'PUT', org.owner, body);
    expect(granted.statusCode, granted.body).toBe(403);
    expect(settingsOf(await send('test-user', 'GET', org.owner))).toMatchObject({ firstMinutes: 5, version: 1 });
  });

  it('refuses limits out of range or in the wrong order with 400 naming the field', async () => {
    const { org } = t.fixtures;
    const cases: [unknown, string][] = [
      [{ firstMinutes: 0, secondMinutes: 15, version: 1 }, 'firstMinutes'],
      [{ firstMinutes: 2.5, secondMinutes: 15, version: 1 }, 'firstMinutes'],
      [{ firstMinutes: 5, secondMinutes: 1441, version: 1 }, 'secondMinutes'],
      [{ firstMinutes: 10, secondMinutes: 10, version: 1 }, 'secondMinutes'],
      [{ firstMinutes: 20, secondMinutes: 10, version: 1 }, 'secondMinutes'],
      [{ firstMinutes: 5, secondMinutes: 15 }, 'version'],
      [{ firstMinutes: 5, secondMinutes: 15, version: 1, extra: true }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await send('test-admin', 'PUT', org.owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = res.json<{ error: { code: string; field?: string } }>().error;
      expect(error.code).toBe('validation_failed');
      if (field) expect(error.field, JSON.stringify(payload)).toContain(field);
    }
  });

  it('changes them from the version read, audits the change, and answers 409 with the current ones on a stale version', async () => {
    const { org } = t.fixtures;
    const res = await send('test-admin', 'PUT', org.owner, { firstMinutes: 3, secondMinutes: 1440, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(settingsOf(res)).toMatchObject({ firstMinutes: 3, secondMinutes: 1440, version: 2, editable: true });
    expect(settingsOf(await send('test-user', 'GET', org.owner))).toMatchObject({ firstMinutes: 3, version: 2 });

    const stale = await send('test-system-admin', 'PUT', org.owner, { firstMinutes: 4, secondMinutes: 8, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ current: EscalationSettings }>().current).toMatchObject({
      firstMinutes: 3,
      secondMinutes: 1440,
      version: 2,
    });

    const bySystem = await send('test-system-admin', 'PUT', org.owner, {
      firstMinutes: 4,
      secondMinutes: 8,
      version: 2,
    });
    expect(settingsOf(bySystem)).toMatchObject({ firstMinutes: 4, secondMinutes: 8, version: 3 });
    // Saving what is already stored changes nothing: no new version, no audit entry.
    const same = await send('test-admin', 'PUT', org.owner, { firstMinutes: 4, secondMinutes: 8, version: 3 });
    expect(settingsOf(same)).toMatchObject({ version: 3 });

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.escalation_updated'), eq(auditLog.organisationId, org.owner)));
    expect(entries.map((e) => [e.userId, e.before, e.after])).toEqual([
      [t.fixtures.user.admin.id, { firstMinutes: 5, secondMinutes: 15 }, { firstMinutes: 3, secondMinutes: 1440 }],
      [t.fixtures.user.systemAdmin.id, { firstMinutes: 3, secondMinutes: 1440 }, { firstMinutes: 4, secondMinutes: 8 }],
    ]);
    expect(entries.every((e) => e.subjectType === 'organisation' && e.subjectId === String(org.owner))).toBe(true);
  });
});
