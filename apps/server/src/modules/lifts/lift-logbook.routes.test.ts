// Issue 18: writing the logbook. Roles and scope, validation, the author's 24-hour correction window
// on the app clock, the audit log's before/after, and a double submit with one Idempotency-Key.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@liftwacht/contracts/administration';
import type { LogbookEntry, LogbookResponse } from '@liftwacht/contracts/lifts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let liftId: number;
let strangerLiftId: number;

beforeAll(async () => {
  t = await createTestApp();
  liftId = await insertLift(t.database.db, t.fixtures.org.owner, 'Lift Logboek');
  strangerLiftId = await insertLift(t.database.db, t.fixtures.org.stranger, 'Lift Vreemd');
});
afterAll(() => t.close());

async function send(
  username: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  idempotencyKey?: string,
) {
  const token = await t.login(username);
  return t.app.inject({
    method,
    url: `/liftwacht${url}`,
    headers: { authorization: `Bearer ${token}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const line = { logType: 'repair', at: '2026-03-10T08:30:00.000Z', text: 'Deurcontact vervangen' };

async function added(username: string): Promise<LogbookEntry> {
  const res = await send(username, 'POST', `/lift/${String(liftId)}/logbook`, line);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: LogbookEntry }>().data;
}

describe('POST /lift/{id}/logbook', () => {
  it('adds a line for a monteur, a user and an admin, shown in the logbook with its correction window', async () => {
    const entry = await added('test-monteur');
    expect(entry).toMatchObject({
      ...line,
      liftId,
      authorId: t.fixtures.user.monteur.id,
      correctableUntil: '2026-03-11T09:00:00.000Z',
    });
    await added('test-user');
    await added('test-admin');
    const page = (await send('test-user', 'GET', `/lift/${String(liftId)}/logbook`)).json<LogbookResponse>();
    expect(page.data.total).toBe(3);
    expect(page.data.items).toContainEqual(entry);
  });

  it('answers 403 to client-light, 404 for a lift outside the scope, 400 with the field', async () => {
    expect((await send('test-client', 'POST', `/lift/${String(liftId)}/logbook`, line)).statusCode).toBe(403);
    expect((await send('test-user', 'POST', `/lift/${String(strangerLiftId)}/logbook`, line)).statusCode).toBe(404);
    const blank = await send('test-user', 'POST', `/lift/${String(liftId)}/logbook`, { ...line, text: '   ' });
    expect(blank.json()).toMatchObject({ error: { code: 'validation_failed', field: 'text' } });
    const kind = await send('test-user', 'POST', `/lift/${String(liftId)}/logbook`, { ...line, logType: 'diary' });
    expect(kind.json()).toMatchObject({ error: { field: 'logType' } });
  });
});

describe('PUT /logbook/{entryId}', () => {
  it('lets the author correct the line for 24 hours, nobody else, and audits before and after', async () => {
    const entry = await added('test-user');
    const url = `/logbook/${String(entry.id)}`;
    const correction = { ...line, text: 'Deurcontact en rolletje vervangen' };
    expect((await send('test-admin', 'PUT', url, correction)).statusCode).toBe(403);
    t.clock.advance(23 * 3600_000);
    const res = await send('test-user', 'PUT', url, correction);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: entry.id, text: correction.text } });

    t.clock.advance(2 * 3600_000);
    const late = await send('test-user', 'PUT', url, { ...correction, text: 'Te laat' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'correction_window_closed' } });

    const audit = await send('test-system-admin', 'GET', '/admin/audit-log?subjectType=logbook&limit=100');
    const items = audit
      .json<{ data: { items: AuditEntry[] } }>()
      .data.items.filter((e) => e.subjectId === String(entry.id));
    expect(items.map((e) => e.action)).toEqual(['logbook.corrected', 'logbook.created']);
    expect(items[0]).toMatchObject({
      userId: t.fixtures.user.user.id,
      before: { text: line.text },
      after: { text: correction.text },
    });
  });

  it('refuses lines not written in the portal (403) and entries outside the scope (404)', async () => {
    expect((await send('test-user', 'PUT', '/logbook/2000000001', line)).statusCode).toBe(404);
  });
});

describe('Idempotency-Key on logbook writes', () => {
  const count = async (condition: ReturnType<typeof sql>) =>
    (await sqlRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${condition}`))[0]?.n;

  it('records a double submit of a new line once and answers both with the first answer', async () => {
    const body = { ...line, text: 'Dubbel getikt' };
    const url = `/lift/${String(liftId)}/logbook`;
    const [first, second] = await Promise.all([
      send('test-monteur', 'POST', url, body, 'logbook-tap-0001'),
      send('test-monteur', 'POST', url, body, 'logbook-tap-0001'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(await count(sql`logbook where lift_id = ${liftId} and text = 'Dubbel getikt'`)).toBe(1);
    const id = String(first.json<{ data: LogbookEntry }>().data.id);
    expect(await count(sql`audit_log where subject_type = 'logbook' and subject_id = ${id}`)).toBe(1);
    // The same key with other content is another request: refused, nothing recorded.
    const other = await send('test-monteur', 'POST', url, { ...body, text: 'Iets anders' }, 'logbook-tap-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: { field: 'Idempotency-Key' } });
    expect(await count(sql`logbook where lift_id = ${liftId} and text = 'Iets anders'`)).toBe(0);
  });

  it('applies a repeated correction once', async () => {
    const entry = await added('test-user');
    const url = `/logbook/${String(entry.id)}`;
    const correction = { ...line, text: 'Eenmaal gecorrigeerd' };
    const first = await send('test-user', 'PUT', url, correction, 'logbook-fix-0001');
    const second = await send('test-user', 'PUT', url, correction, 'logbook-fix-0001');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(
      await count(
        sql`audit_log where subject_type = 'logbook' and subject_id = ${String(entry.id)} and action = 'logbook.corrected'`,
      ),
    ).toBe(1);
  });
});
