// Issue 19: two server nodes on one PostgreSQL database run the escalation pass at the same moment:
// every (call, level) is claimed by exactly one of them and every subscriber gets exactly one mail
// per escalation. PGlite is one process's database, so this runs in the PostgreSQL project only.
import { randomBytes } from 'node:crypto';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { callEscalations, mailQueue } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { insertFixtures, insertFourLifts } from '../../test-support/fixtures.ts';
import { databaseUrl, runOnServer } from '../../test-support/postgres-admin.ts';
import type { Escalation } from './escalation-job.ts';
import { insertCall, minutes, startEscalationNode, type EscalationNode } from './escalation-test-support.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.LIFTWACHT_TEST_DB === 'postgres' && adminUrl !== undefined;

const start = new Date('2026-03-10T09:00:00Z');
const callCount = 40;
let name = '';
let databases: Database[] = [];
let nodes: EscalationNode[] = [];
// Each node its own clock, as each server its own; the test keeps them together.
const clocks = [manualClock(start), manualClock(start)] as const;
const setClocks = (at: Date) => clocks.forEach((c) => c.set(at));

/** Both nodes pass at once, then both send what is due at once; answers what each made and sent. */
async function passTogether() {
  const made = await Promise.all(nodes.map((n) => n.app.escalations.job.runOnce()));
  await Promise.all(nodes.map((n) => n.app.mailQueue.drain()));
  return made;
}
const keys = (made: Escalation[][]) => made.flat().map((e) => `${String(e.callId)}:${String(e.level)}`);

describe.runIf(onPostgres)('escalation on two nodes', () => {
  beforeAll(async () => {
    name = `lw_test_${randomBytes(6).toString('hex')}`;
    await runOnServer(adminUrl ?? '', `create database ${name}`);
    const url = databaseUrl(adminUrl ?? '', name);
    const first = await openDatabase({ url });
    const second = await openDatabase({ url });
    databases = [first, second];
    const fixtures = await insertFixtures(first.db);
    const lift = await insertFourLifts(first.db, fixtures.org);
    const node = await startEscalationNode(first, clocks[0]);
    nodes = [node, await startEscalationNode(second, clocks[1])];
    for (const username of ['test-user', 'test-onderhoud', 'test-admin']) {
      const res = await node.app.inject({
        method: 'PUT',
        url: '/liftwacht/subscriptions',
        headers: { authorization: `Bearer ${await node.login(username)}` },
        payload: { items: [], escalation: { liftIds: null } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (let i = 0; i < callCount; i++) {
      await insertCall(first.db, i % 2 === 0 ? lift.noord : lift.zuid, new Date(start.getTime() + i * 1000));
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    for (const database of databases) await database.close();
    if (name) await runOnServer(adminUrl ?? '', `drop database if exists ${name} with (force)`);
  });

  it('claims every call and level once and mails every subscriber once per escalation', async () => {
    setClocks(new Date(start.getTime() + minutes(6)));
    const first = keys(await passTogether());
    expect(first).toHaveLength(callCount);
    expect(new Set(first).size).toBe(callCount);
    expect(first.every((k) => k.endsWith(':1'))).toBe(true);

    setClocks(new Date(start.getTime() + minutes(16)));
    const second = keys(await passTogether());
    expect(second).toHaveLength(callCount);
    expect(new Set(second).size).toBe(callCount);
    expect(second.every((k) => k.endsWith(':2'))).toBe(true);

    // Both nodes again, and later: nothing is left to claim.
    setClocks(new Date(start.getTime() + minutes(30)));
    expect(keys(await passTogether())).toEqual([]);

    const db = databases[0]?.db;
    if (!db) throw new Error('no database');
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(callEscalations)).toEqual([{ n: callCount * 2 }]);
    const queued = await db.select().from(mailQueue).where(like(mailQueue.dedupeKey, 'escalation:%'));
    expect(queued).toHaveLength(callCount * 2 * 3);
    expect(queued.every((m) => m.sentAt !== null && m.attempts === 1)).toBe(true);
    const sent = nodes.flatMap((n) => n.sent);
    expect(sent).toHaveLength(callCount * 2 * 3);
    // What the nodes sent together is exactly what was queued: nothing twice, nothing lost.
    expect(sent.map((m) => m.to).sort()).toEqual(queued.map((m) => m.recipient).sort());
  });
});
