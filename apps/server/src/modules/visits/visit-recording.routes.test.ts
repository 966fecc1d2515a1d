import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '@liftwacht/contracts/visits';
import { visits } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. The owner's lifts noord/zuid, the client's gemeente (served by
// the maintenance company, not by the owner's monteur) and the stranger's vreemd.
let t: TestApp;
let lift: Awaited<ReturnType<typeof insertFourLifts>>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  lift = await insertFourLifts(t.database.db, t.fixtures.org);
});
afterAll(async () => {
  await t.close();
});

async function post(url: string, username: string, body?: unknown, key?: string) {
  let token = tokens.get(username);
  if (!token) {
    token = await t.login(username);
    tokens.set(username, token);
  }
  return t.app.inject({
    method: 'POST',
    url: `/liftwacht${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}
const start = (liftId: number, username: string, key?: string, type = 'repair') =>
  post(`/lift/${liftId}/visits`, username, { type, role: 'mechanic' }, key);
const visitOf = (res: { json: () => unknown }) => (res.json() as { data: Visit }).data;

async function visitsCard(): Promise<number> {
  const token = await t.login('test-user');
  const res = await t.app.inject({
    method: 'GET',
    url: `/liftwacht/stats?organisationId=${t.fixtures.org.owner}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json<{ data: { visits: number } }>().data.visits;
}

describe('recording visits', () => {
  it('starts a visit in the user’s name, counts it on the dashboard, and finishes it with remarks', async () => {
    const before = await visitsCard();
    const res = await start(lift.noord, 'test-monteur');
    expect(res.statusCode).toBe(201);
    const visit = visitOf(res);
    expect(visit).toMatchObject({ liftId: lift.noord, type: 'repair', role: 'mechanic', state: 'progress' });
    expect(visit.person).toBe('Test monteur');
    expect(visit.endedAt).toBeNull();
    expect(await visitsCard()).toBe(before + 1);

    t.clock.advance(30 * 60_000);
    const ended = await post(`/visits/${visit.id}/end`, 'test-monteur', { remarks: 'Deurcontact vervangen' });
    expect(ended.statusCode).toBe(200);
    expect(visitOf(ended)).toMatchObject({
      state: 'finished',
      remarks: 'Deurcontact vervangen',
      durationSeconds: 1800,
    });
    expect(await visitsCard()).toBe(before);

    const audit = await sqlRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where subject_type = 'visit' and subject_id = ${String(visit.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['visit.started', 'visit.finished']);
  });

  it('allows one visit in progress per lift per person (409), and answers 409 once it was ended', async () => {
    const first = visitOf(await start(lift.zuid, 'test-user'));
    const again = await start(lift.zuid, 'test-user');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ current: Visit }>().current.id).toBe(first.id);
    // Somebody else may be on the same lift at the same time.
    expect((await start(lift.zuid, 'test-admin')).statusCode).toBe(201);

    expect((await post(`/visits/${first.id}/cancel`, 'test-admin')).statusCode).toBe(200);
    const late = await post(`/visits/${first.id}/end`, 'test-user', { remarks: 'te laat' });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ current: Visit }>().current.state).toBe('canceled');
  });

  it('repeats the first answer for the same Idempotency-Key and records once', async () => {
    const key = 'tap-0001-abcdef';
    const first = await start(lift.noord, 'test-admin', key);
    const second = await start(lift.noord, 'test-admin', key);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    const open = await sqlRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from visits where lift_id = ${lift.noord} and started_by = ${t.fixtures.user.admin.id}`,
    );
    expect(open[0]?.n).toBe(1);
    const id = visitOf(first).id;
    const end1 = await post(`/visits/${id}/end`, 'test-admin', {}, 'end-key-0001');
    const end2 = await post(`/visits/${id}/end`, 'test-admin', {}, 'end-key-0001');
    expect([end1.statusCode, end2.statusCode]).toEqual([200, 200]);
    expect(end2.json()).toEqual(end1.json());
    // The same key on another request is refused rather than replayed.
    expect((await post(`/visits/${id}/cancel`, 'test-admin', undefined, 'end-key-0001')).statusCode).toBe(422);
  });

  it('keeps roles and scope: client-light 403, stranger 404, monteur only on the organisations it serves', async () => {
    expect((await start(lift.noord, 'test-client')).statusCode).toBe(403);
    expect((await start(lift.noord, 'test-stranger')).statusCode).toBe(404);
    expect((await start(lift.vreemd, 'test-monteur')).statusCode).toBe(404);
    expect((await start(lift.gemeente, 'test-monteur')).statusCode).toBe(404);
    expect((await start(lift.gemeente, 'test-onderhoud')).statusCode).toBe(201);
    const [stranger] = await t.database.db
      .insert(visits)
      .values({ liftId: lift.vreemd, type: 'repair', role: 'mechanic', state: 'progress', startedAt: t.clock.now() })
      .returning({ id: visits.id });
    expect((await post(`/visits/${stranger?.id ?? 0}/end`, 'test-user', {})).statusCode).toBe(404);
    expect((await post(`/visits/${stranger?.id ?? 0}/cancel`, 'test-monteur')).statusCode).toBe(404);
  });

  it('moves the maintenance timing when a maintenance visit is finished', async () => {
    const rides = () =>
      sqlRows<{ last: string | null }>(
        t.database.db,
        sql`select last_maintenance_at::text as last from lift_maintenance_rides where lift_id = ${lift.zuid}`,
      );
    const gaps = () =>
      sqlRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from maintenance_gaps where lift_id = ${lift.zuid}`,
      );
    expect((await rides())[0]?.last ?? null).toBeNull();
    const visit = visitOf(await start(lift.zuid, 'test-monteur', undefined, 'maintenance'));
    expect((await rides())[0]?.last ?? null).toBeNull();
    await post(`/visits/${visit.id}/end`, 'test-monteur', { remarks: 'Onderhoud volgens schema' });
    expect((await rides())[0]?.last).not.toBeNull();
    expect((await gaps())[0]?.n).toBe(1);
  });

  it('times out a visit left open for 12 hours, once', async () => {
    const visit = visitOf(await start(lift.noord, 'test-onderhoud'));
    t.clock.advance(11 * 3600_000);
    await t.app.visits.timeouts.runOnce();
    const [open] = await t.database.db
      .select()
      .from(visits)
      .where(sql`${visits.id} = ${visit.id}`);
    expect(open?.state).toBe('progress');
    t.clock.advance(3600_000 + 1000);
    const timedOut = await Promise.all([t.app.visits.timeouts.runOnce(), t.app.visits.timeouts.runOnce()]);
    expect(timedOut[0]).toBeGreaterThanOrEqual(1);
    const [closed] = await t.database.db
      .select()
      .from(visits)
      .where(sql`${visits.id} = ${visit.id}`);
    expect(closed?.state).toBe('timeout');
    expect(closed?.endedAt?.getTime()).toBe(new Date(visit.startedAt).getTime() + 12 * 3600_000);
    tokens.clear(); // the access tokens ran out in those 12 hours
    expect((await post(`/visits/${visit.id}/end`, 'test-onderhoud', {})).statusCode).toBe(409);
  });

  it('gives the monteur its lift count and the lifts it is working on', async () => {
    const visit = visitOf(await start(lift.zuid, 'test-monteur', undefined, 'repair'));
    const token = await t.login('test-monteur');
    const mine = await t.app.inject({
      method: 'GET',
      url: `/liftwacht/visits/mine?organisationId=${t.fixtures.org.owner}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode).toBe(200);
    const data = mine.json<{ data: { liftCount: number; openVisits: { id: number; liftname: string }[] } }>().data;
    expect(data.liftCount).toBe(2);
    expect(data.openVisits.map((v) => [v.id, v.liftname])).toEqual([[visit.id, 'Lift Zuid']]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/liftwacht/visits/mine?organisationId=${t.fixtures.org.stranger}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('gives someone of a maintenance company, without an organisation, the lifts and visits of all it serves', async () => {
    const visit = visitOf(await start(lift.gemeente, 'test-onderhoud', undefined, 'repair'));
    const mine = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/visits/mine',
      headers: { authorization: `Bearer ${await t.login('test-onderhoud')}` },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const data = mine.json<{ data: { liftCount: number; openVisits: { id: number; liftname: string }[] } }>().data;
    // Noord and Zuid of the owner, Gemeente of the client; not the stranger's.
    expect(data.liftCount).toBe(3);
    expect(data.openVisits.map((v) => [v.id, v.liftname])).toEqual([[visit.id, 'Lift Gemeente']]);
  });
});
