// The PDF report prints the alarm handling and reliability figures of GET /stats (contracts
// dashboard.ts alarmFiguresSchema), worked out by hand here, and a dash where a figure is undefined.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, events, lifts } from '../../db/schema.ts';
import { catalogue } from '../../lib/server-i18n.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock 2026-03-10T09:00:00Z; February 2026 (28 days). Owner: lifts P and Q.
//   Entrapments TTA [60, 120, 300] → median 120 s "2 min", p90 at rank 2.8 = 120 + 0.8·180 = 264 s
//   "4 min" (cut down, not rounded); TTF [600, 1200] → median 900 s "15 min", p90 at rank 1.9 =
//   1140 s "19 min".
//   One false alarm and a test call: 1 of 4 calls = 25 %.
//   Unavailable 2 h and 30 min: MTTR 4500 s "1 u 15 min"; MTBF 2 × 28 days / 2 = "28 d 0 u".
// Client: one lift without calls or events: every figure but the counts is a dash.
let t: TestApp;
let workDir = '';
const period = { from: '2026-02-01', to: '2026-02-28' };

beforeAll(async () => {
  t = await createTestApp();
  workDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-alarm-report-'));
  const db = t.database.db;
  const [p, q] = await db
    .insert(lifts)
    .values(
      ['Lift P', 'Lift Q'].map((name) => ({ organisationId: t.fixtures.org.owner, name, address: `${name}weg 1` })),
    )
    .returning({ id: lifts.id });
  await db.insert(lifts).values({ organisationId: t.fixtures.org.client, name: 'Lift R', address: 'Rweg 1' });
  const P = p?.id ?? 0;
  const Q = q?.id ?? 0;
  const at = (iso: string, plus = 0) => new Date(Date.parse(iso) + plus * 1000);
  const call = (liftId: number, start: string, kind: string, ack: number, freed?: number) => ({
    liftId,
    kind,
    status: 'ended',
    startedAt: at(start),
    acknowledgedAt: at(start, ack),
    passengerFreedAt: freed === undefined ? null : at(start, freed),
    endedAt: at(start, 2000),
  });
  await db
    .insert(calls)
    .values([
      call(P, '2026-02-03T10:00:00Z', 'entrapment', 60, 600),
      call(P, '2026-02-04T10:00:00Z', 'entrapment', 300),
      call(Q, '2026-02-05T10:00:00Z', 'entrapment', 120, 1200),
      call(Q, '2026-02-06T10:00:00Z', 'false_alarm', 10),
      call(Q, '2026-02-07T10:00:00Z', 'test', 1),
    ]);
  await db.insert(events).values([
    { liftId: P, type: 'unavailable', startedAt: at('2026-02-10T08:00:00Z'), endedAt: at('2026-02-10T10:00:00Z') },
    { liftId: Q, type: 'unavailable', startedAt: at('2026-02-11T08:00:00Z'), endedAt: at('2026-02-11T08:30:00Z') },
  ]);
});
afterAll(async () => {
  if (!process.env.KEEP_REPORTS) rmSync(workDir, { recursive: true, force: true });
  await t.close();
});

const pdftotextMissing = spawnSync('pdftotext', ['-v']).error !== undefined;

/** The report's text as pdftotext -layout lays it out. */
async function reportText(organisationId: number, username: string): Promise<string> {
  const token = await t.login(username);
  const res = await t.app.inject({
    method: 'POST',
    url: '/liftwacht/report/pdf',
    headers: { authorization: `Bearer ${token}` },
    payload: { subjectId: organisationId, report: 'organisation', ...period },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const file = path.join(workDir, `${username}.pdf`);
  writeFileSync(file, res.rawPayload);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The value printed after `label` on its line: a number, a duration, a percentage or a dash. */
const valueAfter = (text: string, label: string): string | undefined =>
  new RegExp(`${escape(label)}\\s+(\\d+ (?:d \\d+ [uh]|[uh] \\d+ min|min|s)\\b|[\\d.,]+(?: ?%)?|—)`).exec(text)?.[1];

describe.skipIf(pdftotextMissing)('alarm figures in the PDF report', () => {
  it('prints the period figures in Dutch', async () => {
    const text = await reportText(t.fixtures.org.owner, 'test-user');
    const s = catalogue('nl').reports.summary;
    expect(text).toContain(s.alarmHandling);
    expect(text).toContain(s.reliability);
    const expected: [string, string][] = [
      [s.entrapments, '3'],
      [s.ttaMedian, '2 min'],
      [s.ttaP90, '4 min'],
      [s.ttfMedian, '15 min'],
      [s.ttfP90, '19 min'],
      [s.falseAlarmShare, '25 %'],
      [s.unavailabilityEvents, '2'],
      [s.mtbf, '28 d 0 u'],
      [s.mttr, '1 u 15 min'],
    ];
    for (const [label, value] of expected) expect(valueAfter(text, label), label).toBe(value);
  });

  it('prints a dash, not 0, for figures without calls or events, in English', async () => {
    const text = await reportText(t.fixtures.org.client, 'test-onderhoud');
    const s = catalogue('en').reports.summary;
    expect(valueAfter(text, s.entrapments)).toBe('0');
    expect(valueAfter(text, s.unavailabilityEvents)).toBe('0');
    for (const label of [s.ttaMedian, s.ttaP90, s.ttfMedian, s.ttfP90, s.falseAlarmShare, s.mtbf, s.mttr]) {
      expect(valueAfter(text, label), label).toBe('—');
    }
  });
});
