import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAssigneesResponse, CallDetail } from '@liftwacht/contracts/call-actions';
import { calls, events } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertLiftWithModule, moduleMessage, send } from '../ingest/ingest-test-support.ts';

// Test clock: 2026-03-10T09:00:00Z. The owner's lifts noord/zuid, the client's gemeente (served by
// the maintenance company) and the stranger's vreemd.
let t: TestApp;
let lift: Awaited<ReturnType<typeof insertFourLifts>>;
const tokens = new Map<string, string>();
const announced: { callId: number; action: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  lift = await insertFourLifts(t.database.db, t.fixtures.org);
  t.app.callActions.onChange((call, action) => announced.push({ callId: call.id, action }));
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000);

/** A call received `minutes` ago on the lift, with its alarm_call event as ingest opens it. */
async function receivedCall(liftId: number, minutes = 3, kind = 'other'): Promise<number> {
  const startedAt = minutesAgo(minutes);
  const [row] = await t.database.db
    .insert(calls)
    .values({ liftId, startedAt, kind, status: 'received' })
    .returning({ id: calls.id });
  await t.database.db.insert(events).values({ liftId, type: 'alarm_call', startedAt, data: { callKind: kind } });
  return row?.id ?? 0;
}

async function request(method: 'GET' | 'POST', url: string, username: string, body?: unknown, key?: string) {
  let token = tokens.get(username);
  if (!token) {
    token = await t.login(username);
    tokens.set(username, token);
  }
  return t.app.inject({
    method,
    url: `/liftwacht${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}
const act = (callId: number, action: string, body: unknown, username = 'test-user', key?: string) =>
  request('POST', `/calls/${callId}/${action}`, username, body, key);
const detailOf = (res: { json: () => unknown }) => (res.json() as { data: CallDetail }).data;
const currentOf = (res: { json: () => unknown }) => (res.json() as { current: CallDetail }).current;
const auditOf = (callId: number) =>
  sqlRows<{ action: string; username: string | null; before: { version: number }; after: { version: number } }>(
    t.database.db,
    sql`select a.action, u.username, a.before, a.after from audit_log a left join users u on u.id = a.user_id
        where a.subject_type = 'call' and a.subject_id = ${String(callId)} order by a.id`,
  );

describe('acting on a call', () => {
  it('acknowledges in the user’s name, keeps the step, audits it and announces it', async () => {
    const id = await receivedCall(lift.noord);
    const res = await act(id, 'acknowledge', { version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const call = detailOf(res);
    expect(call).toMatchObject({
      id,
      status: 'acknowledged',
      acknowledgedAt: '2026-03-10T09:00:00.000Z',
      acknowledgedBy: 'Test user',
      version: 2,
      runningSeconds: 180,
    });
    expect(call.steps).toEqual([
      expect.objectContaining({ action: 'acknowledged', source: 'portal', user: 'Test user', at: call.acknowledgedAt }),
    ]);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: 'call.acknowledged',
        username: 'test-user',
        before: expect.objectContaining({ version: 1 }) as unknown,
        after: expect.objectContaining({ version: 2 }) as unknown,
      }),
    ]);
    expect(announced).toContainEqual({ callId: id, action: 'call.acknowledged' });
    // The lists show who acknowledged it.
    const current = await request('GET', `/calls/current?organisationId=${t.fixtures.org.owner}`, 'test-user');
    expect(current.json<{ data: { items: CallDetail[] } }>().data.items.find((c) => c.id === id)).toMatchObject({
      acknowledgedBy: 'Test user',
      version: 2,
    });
  });

  it('lets one of two people acknowledging at once win; the other gets 409 with the fresh call', async () => {
    const id = await receivedCall(lift.noord);
    const [a, b] = await Promise.all([
      act(id, 'acknowledge', { version: 1 }, 'test-user'),
      act(id, 'acknowledge', { version: 1 }, 'test-onderhoud'),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? a : b;
    expect(loser.json()).toMatchObject({ error: { code: 'conflict' } });
    expect(currentOf(loser)).toMatchObject({ status: 'acknowledged', acknowledgedBy: detailOf(winner).acknowledgedBy });
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['call.acknowledged']);
  });

  it('answers 409 with the current call for a stale version and for an acknowledged or ended call', async () => {
    const id = await receivedCall(lift.noord);
    expect((await act(id, 'notes', { text: 'Meldkamer belt terug' })).statusCode).toBe(200);
    const stale = await act(id, 'acknowledge', { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'conflict', field: 'version' } });
    expect(currentOf(stale)).toMatchObject({ version: 2, steps: [expect.objectContaining({ action: 'note' })] });

    expect((await act(id, 'acknowledge', { version: 2 })).statusCode).toBe(200);
    const twice = await act(id, 'acknowledge', { version: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { field: 'status' }, current: { status: 'acknowledged' } });

    expect((await act(id, 'end', { version: 3, kind: 'false_alarm' })).statusCode).toBe(200);
    const afterEnd = await act(id, 'assign', { version: 4, userId: t.fixtures.user.user.id });
    expect(afterEnd.statusCode).toBe(409);
    expect(currentOf(afterEnd)).toMatchObject({ status: 'ended', kind: 'false_alarm' });
    // A note may still follow the end (what happened afterwards).
    expect((await act(id, 'notes', { text: 'Nagesprek gevoerd' })).statusCode).toBe(200);
  });

  it('assigns to a person or maintenance company serving the organisation, and nobody else', async () => {
    const id = await receivedCall(lift.noord);
    const assignees = await request('GET', `/calls/${id}/assignees`, 'test-user');
    const data = assignees.json<CallAssigneesResponse>().data;
    expect(data.organisations).toEqual([{ id: t.fixtures.org.maintenance, name: 'Liftservice Test' }]);
    expect(data.users.map((u) => u.name)).toContain('Test onderhoud');
    expect(data.users.map((u) => u.name)).not.toContain('Test stranger');

    const stranger = await act(id, 'assign', { version: 1, userId: t.fixtures.user.stranger.id });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ error: { field: 'userId' } });
    const strangerCompany = await act(id, 'assign', { version: 1, organisationId: t.fixtures.org.stranger });
    expect(strangerCompany.json()).toMatchObject({ error: { field: 'organisationId' } });
    const both = await act(id, 'assign', {
      version: 1,
      userId: t.fixtures.user.onderhoud.id,
      organisationId: t.fixtures.org.maintenance,
    });
    expect(both.statusCode).toBe(400);

    const person = await act(id, 'assign', { version: 1, userId: t.fixtures.user.onderhoud.id });
    expect(person.statusCode, person.body).toBe(200);
    expect(detailOf(person).assignee).toEqual({
      kind: 'user',
      id: t.fixtures.user.onderhoud.id,
      name: 'Test onderhoud',
    });
    const company = await act(id, 'assign', { version: 2, organisationId: t.fixtures.org.maintenance });
    expect(detailOf(company).assignee).toMatchObject({ kind: 'organisation', name: 'Liftservice Test' });
    const back = await act(id, 'assign', { version: 3 });
    expect(detailOf(back).assignee).toBeNull();
    expect(detailOf(back).steps.map((s) => s.assignee)).toEqual(['Test onderhoud', 'Liftservice Test', null]);
  });

  it('records when the passenger was freed: not before the acknowledgement, not in the future', async () => {
    const id = await receivedCall(lift.noord, 20, 'entrapment');
    const unanswered = await act(id, 'passenger-freed', { version: 1, at: minutesAgo(4).toISOString() });
    expect(unanswered.statusCode).toBe(409);
    expect(unanswered.json()).toMatchObject({ error: { field: 'status' } });
    // Acknowledged 10 min ago (in the call's row, as a colleague earlier would have).
    await t.database.db
      .update(calls)
      .set({ acknowledgedAt: new Date(minutesAgo(10).getTime() + 30_000), status: 'acknowledged' })
      .where(sql`id = ${id}`);

    const early = await act(id, 'passenger-freed', { version: 1, at: minutesAgo(25).toISOString() });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: { field: 'at' } });
    const beforeAnswer = await act(id, 'passenger-freed', { version: 1, at: minutesAgo(15).toISOString() });
    expect(beforeAnswer.statusCode).toBe(400);
    expect(beforeAnswer.json()).toMatchObject({ error: { field: 'at' } });
    expect(beforeAnswer.json<{ error: { message: string } }>().error.message).toContain('acknowledged');
    const future = await act(id, 'passenger-freed', { version: 1, at: minutesAgo(-5).toISOString() });
    expect(future.json()).toMatchObject({ error: { field: 'at' } });
    // The acknowledgement's own minute (the form picks minutes) is the acknowledgement itself.
    const sameMinute = await act(id, 'passenger-freed', { version: 1, at: minutesAgo(10).toISOString() });
    expect(sameMinute.statusCode, sameMinute.body).toBe(200);
    expect(detailOf(sameMinute).passengerFreedAt).toBe('2026-03-10T08:50:30.000Z');

    const freed = await act(id, 'passenger-freed', { version: 2, at: minutesAgo(4).toISOString() });
    expect(freed.statusCode, freed.body).toBe(200);
    expect(detailOf(freed).passengerFreedAt).toBe('2026-03-10T08:56:00.000Z');
    expect(detailOf(freed).steps.at(-1)).toMatchObject({
      action: 'passenger_freed',
      freedAt: '2026-03-10T08:56:00.000Z',
    });
  });

  it('ends a call with its kind, acknowledging it if nobody had, and ends its alarm_call event', async () => {
    const id = await receivedCall(lift.zuid, 10);
    const res = await act(id, 'end', { version: 1, kind: 'entrapment' }, 'test-admin');
    expect(res.statusCode, res.body).toBe(200);
    const call = detailOf(res);
    expect(call).toMatchObject({
      status: 'ended',
      kind: 'entrapment',
      endedAt: '2026-03-10T09:00:00.000Z',
      acknowledgedBy: 'Test admin',
      durationSeconds: 600,
    });
    expect(call.steps.map((s) => s.action)).toEqual(['acknowledged', 'ended']);
    expect(call.steps[1]).toMatchObject({ kind: 'entrapment' });
    const [event] = await sqlRows<{ ended: string | null }>(
      t.database.db,
      sql`select ended_at::text as ended from events where lift_id = ${lift.zuid} and type = 'alarm_call'`,
    );
    expect(event?.ended).not.toBeNull();
    expect(announced).toContainEqual({ callId: id, action: 'call.ended' });
  });

  it('answers a repeated submission with the same Idempotency-Key once', async () => {
    const id = await receivedCall(lift.noord);
    const key = `note-${String(id)}-abcdef`;
    const first = await act(id, 'notes', { text: 'Monteur onderweg' }, 'test-user', key);
    const again = await act(id, 'notes', { text: 'Monteur onderweg' }, 'test-user', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(detailOf(again).steps).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('keeps calls of other organisations out of reach (404) and read-only roles out (403)', async () => {
    const strangers = await receivedCall(lift.vreemd);
    expect((await request('GET', `/calls/${strangers}`, 'test-user')).statusCode).toBe(404);
    expect((await act(strangers, 'acknowledge', { version: 1 })).statusCode).toBe(404);
    const own = await receivedCall(lift.noord);
    expect((await act(own, 'acknowledge', { version: 1 }, 'test-client')).statusCode).toBe(403);
    expect((await act(own, 'acknowledge', { version: 1 }, 'test-monteur')).statusCode).toBe(403);
    // The maintenance company acts on the calls of the organisations it serves.
    const served = await receivedCall(lift.gemeente);
    expect((await act(served, 'acknowledge', { version: 1 }, 'test-onderhoud')).statusCode).toBe(200);
    expect((await request('GET', `/calls/${served}`, 'test-client')).statusCode).toBe(404);
  });
});

describe('one lifecycle from the module and the portal', () => {
  it('records the module’s phases as module steps beside the portal’s, and keeps the person’s kind', async () => {
    const l = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    await send(t.app, l.es, moduleMessage(minutesAgo(6), { alarmCall: { callId: 'c-1', phase: 'received' } }));
    const [row] = await sqlRows<{ id: number }>(t.database.db, sql`select id from calls where lift_id = ${l.liftId}`);
    const id = Number(row?.id);
    const acknowledged = await act(id, 'acknowledge', { version: 1 });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    // The alarm centre's own acknowledgement arrives later: it moves the version, and the portal's
    // stays the call's acknowledgement.
    t.clock.advance(60_000);
    await send(t.app, l.es, moduleMessage(minutesAgo(0.5), { alarmCall: { callId: 'c-1', phase: 'acknowledged' } }));
    const stale = await act(id, 'end', { version: 2, kind: 'entrapment' });
    expect(stale.statusCode).toBe(409);
    const ended = await act(id, 'end', { version: currentOf(stale).version, kind: 'entrapment' });
    expect(ended.statusCode, ended.body).toBe(200);
    // The module ends it too, calling it something else: the person's word stands; the phase is kept.
    t.clock.advance(60_000);
    await send(
      t.app,
      l.es,
      moduleMessage(minutesAgo(0.5), { alarmCall: { callId: 'c-1', phase: 'ended', kind: 'other' } }),
    );
    const detail = detailOf(await request('GET', `/calls/${id}`, 'test-user'));
    expect(detail).toMatchObject({ kind: 'entrapment', status: 'ended', acknowledgedBy: 'Test user' });
    expect(detail.steps.map((s) => `${s.source}:${s.action}`)).toEqual([
      'module:received',
      'portal:acknowledged',
      'module:acknowledged',
      'portal:ended',
      'module:ended',
    ]);
    // A redelivered phase adds no second step.
    await send(t.app, l.es, moduleMessage(minutesAgo(6), { alarmCall: { callId: 'c-1', phase: 'received' } }));
    expect(detailOf(await request('GET', `/calls/${id}`, 'test-user')).steps).toHaveLength(5);
  });
});
