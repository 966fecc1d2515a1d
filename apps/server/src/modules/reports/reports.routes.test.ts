import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodStats, StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { reportPdfRequestSchema } from '@liftwacht/contracts/reports';
import { refreshAvailabilityRollup } from '../../db/rollups/availability-rollup.ts';
import { calls, events, inspections, lifts, organisations, visits } from '../../db/schema.ts';
import { catalogue } from '../../lib/server-i18n.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { reportDrawings } from './report-builds.ts';
import { createReportFormat, type ReportFormat } from './report-format.ts';

// Test clock: 2026-03-10T09:00:00Z. Owner organisation: five lifts with known outages, calls,
// visits and inspections in February 2026. Client organisation: 70 plain lifts, for page breaks.
let t: TestApp;
const id = { A: 0, B: 0, C: 0, D: 0, E: 0 };
const period = { from: '2026-02-01', to: '2026-02-28' };
const liftE = 'Café Brüel — Ëiland';
const clientName = 'Coöperatie Zoë & Ïda € 5';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const org = t.fixtures.org.owner;
  const make = async (name: string, values: Partial<typeof lifts.$inferInsert>) => {
    const [row] = await db
      .insert(lifts)
      .values({ organisationId: org, name, address: `${name}straat 1, Utrecht`, liftType: 'MRL', ...values })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  id.A = await make('Lift A', { maintenanceIntervalDays: 90 });
  id.B = await make('Lift B', {});
  id.C = await make('Lift C', { maintenanceIntervalDays: 30 });
  id.D = await make('Lift D', { maintenanceIntervalDays: 30 });
  id.E = await make(liftE, { liftType: null, address: 'Zoëlaan 3, Ede' });
  const at = (s: string) => new Date(s);

  await db.insert(events).values([
    { liftId: id.A, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z') },
    { liftId: id.A, type: 'unavailable', startedAt: at('2026-02-10T09:00:00Z'), endedAt: at('2026-02-10T12:00:00Z') },
    { liftId: id.B, type: 'unavailable', startedAt: at('2026-02-02T00:00:00Z'), endedAt: at('2026-02-04T00:00:00Z') },
    { liftId: id.B, type: 'unavailable', startedAt: at('2026-02-20T06:00:00Z'), endedAt: at('2026-02-20T08:30:00Z') },
    // Began before the period: counts for availability, not as an event of the period.
    { liftId: id.C, type: 'unavailable', startedAt: at('2026-01-31T20:00:00Z'), endedAt: at('2026-02-01T10:00:00Z') },
    {
      liftId: id.B,
      type: 'intercom_unavailable',
      startedAt: at('2026-02-12T06:00:00Z'),
      endedAt: at('2026-02-13T06:00:00Z'),
    },
    {
      liftId: id.E,
      type: 'intercom_unavailable',
      startedAt: at('2026-02-12T06:00:00Z'),
      endedAt: at('2026-02-13T06:00:00Z'),
    },
    { liftId: id.A, type: 'alarm_call', startedAt: at('2026-02-03T10:00:00Z') },
    { liftId: id.A, type: 'alarm_call', startedAt: at('2026-02-04T10:00:00Z') },
    { liftId: id.B, type: 'alarm_call', startedAt: at('2026-02-05T10:00:00Z') },
    { liftId: id.D, type: 'en627_door_closing_fault', startedAt: at('2026-02-06T10:00:00Z'), floor: 2 },
    { liftId: id.D, type: 'mystery_code', startedAt: at('2026-02-07T10:00:00Z') },
    { liftId: id.D, type: 'battery', startedAt: at('2026-03-01T10:00:00Z') },
  ]);
  await refreshAvailabilityRollup(db, 'unavailable');
  await refreshAvailabilityRollup(db, 'intercom_unavailable');

  const call = (liftId: number, startedAt: string, kind: string) => ({
    liftId,
    startedAt: at(startedAt),
    kind,
    status: 'ended',
    endedAt: at(startedAt),
  });
  await db.insert(calls).values([
    call(id.A, '2026-02-03T10:00:00Z', 'entrapment'),
    call(id.A, '2026-02-04T10:00:00Z', 'entrapment'),
    call(id.A, '2026-02-14T10:00:00Z', 'test'),
    call(id.B, '2026-02-05T10:00:00Z', 'false_alarm'),
    call(id.B, '2026-02-27T22:30:00Z', 'other'),
    call(id.A, '2026-01-31T10:00:00Z', 'entrapment'),
    // 28 February 23:30 UTC is 1 March in Amsterdam: outside the period.
    call(id.B, '2026-02-28T23:30:00Z', 'test'),
  ]);

  const visit = (liftId: number, startedAt: string, type = 'maintenance', state = 'finished') => ({
    liftId,
    type,
    role: 'mechanic',
    state,
    startedAt: at(startedAt),
  });
  await db
    .insert(visits)
    .values([
      visit(id.A, '2025-10-01T10:00:00Z'),
      visit(id.C, '2026-01-01T10:00:00Z'),
      visit(id.C, '2026-01-20T10:00:00Z'),
      visit(id.C, '2026-02-18T10:00:00Z'),
      visit(id.D, '2025-12-20T10:00:00Z'),
      visit(id.D, '2026-02-01T10:00:00Z'),
      visit(id.B, '2026-02-02T10:00:00Z', 'repair'),
      visit(id.B, '2026-02-03T10:00:00Z', 'repair', 'canceled'),
    ]);
  await db.insert(inspections).values([
    {
      liftId: id.C,
      inspectedOn: '2025-06-01',
      result: 'approved',
      validUntil: '2026-12-01',
      logType: 'periodic_inspection',
    },
    { liftId: id.C, inspectedOn: '2026-02-01', result: 'rejected', logType: 'periodic_inspection' },
    {
      liftId: id.D,
      inspectedOn: '2024-08-15',
      result: 'approved',
      validUntil: '2026-02-15',
      logType: 'periodic_inspection',
    },
  ]);

  const client = t.fixtures.org.client;
  await db.update(organisations).set({ name: clientName }).where(eq(organisations.id, client));
  await db.insert(lifts).values(
    Array.from({ length: 70 }, (_, i) => ({
      organisationId: client,
      name: `Gemeentelift ${i + 1}`,
      address: `Raadhuisplein ${i + 1}, Zwolle`,
      liftType: i % 3 === 0 ? null : 'MRL',
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const post = async (body: unknown, username = 'test-user') => {
  const token = await t.login(username);
  return t.app.inject({
    method: 'POST',
    url: '/liftwacht/report/pdf',
    headers: { authorization: `Bearer ${token}` },
    payload: body as Record<string, unknown>,
  });
};
const get = async <T>(url: string, username = 'test-user') => {
  const token = await t.login(username);
  const res = await t.app.inject({
    method: 'GET',
    url: `/liftwacht${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: T }>().data;
};
const owner = () => t.fixtures.org.owner;
const report = (organisationId: number) => ({ subjectId: organisationId, report: 'organisation', ...period });

describe('POST /report/pdf', () => {
  it('answers a PDF attachment named after the organisation', async () => {
    const res = await post(report(owner()));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="liftwacht-organisation-report-${owner()}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  it('applies roles and organisation scope', async () => {
    expect((await post(report(owner()), 'test-client')).statusCode).toBe(403);
    expect((await post(report(owner()), 'test-monteur')).statusCode).toBe(403);
    expect((await post(report(owner()), 'test-stranger')).json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await post(report(owner()), 'test-stranger')).statusCode).toBe(404);
    expect((await post(report(999999))).statusCode).toBe(404);
    expect((await post(report(owner()), 'test-onderhoud')).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/liftwacht/report/pdf', payload: report(owner()) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an organisation without lifts, like /stats', async () => {
    const res = await post(report(t.fixtures.org.maintenance), 'test-onderhoud');
    expect(res.statusCode).toBe(404);
  });

  it('rejects a bad request naming the field', async () => {
    const base = report(owner());
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, subjectId: undefined }, 'subjectId'],
      [{ ...base, subjectId: 'abc' }, 'subjectId'],
      [{ ...base, report: 'lift' }, 'report'],
      [{ ...base, from: '2026-02-30' }, 'from'],
      [{ ...base, from: '01-02-2026' }, 'from'],
      [{ ...base, to: undefined }, 'to'],
      [{ ...base, from: '2026-03-01', to: '2026-02-01' }, 'to'],
      [{ ...base, from: '2021-01-01', to: '2026-01-01' }, 'to'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: { code: 'validation_failed', field } });
    }
  });

  it('draws reports asked at once one after the other and answers every one', async () => {
    let mostDrawn = 0;
    const watch = setInterval(() => (mostDrawn = Math.max(mostDrawn, reportDrawings.active)), 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(report(owner()))));
    clearInterval(watch);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const res of answers) expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
    // Drawn one after the other with the words' layouts shared between documents: the same bytes.
    for (const res of answers.slice(1))
      expect(res.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    expect(mostDrawn).toBeLessThanOrEqual(1);
    expect([reportDrawings.active, reportDrawings.queued]).toEqual([0, 0]);
  });

  it('publishes the contract in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/liftwacht/openapi.json' });
    const operation = res.json<{ paths: Record<string, { post?: Record<string, unknown> }> }>().paths[
      '/liftwacht/report/pdf'
    ]?.post;
    expect(JSON.stringify(operation)).toContain('application/pdf');
    expect(JSON.stringify(operation)).toContain('at most 5 years');
  });
});

describe('reportPdfRequestSchema', () => {
  const parse = (from: string, to: string) =>
    reportPdfRequestSchema.safeParse({ subjectId: 1, report: 'organisation', from, to }).success;

  it('allows up to five years and a single day', () => {
    expect(parse('2021-01-01', '2025-12-31')).toBe(true);
    expect(parse('2021-01-01', '2026-01-01')).toBe(false);
    expect(parse('2026-02-01', '2026-02-01')).toBe(true);
    expect(parse('2024-02-29', '2029-02-28')).toBe(true);
    expect(parse('2024-02-29', '2029-03-01')).toBe(false);
  });
});

describe('server texts', () => {
  it('has the same report keys in Dutch and English', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v !== null && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(catalogue('en').reports).sort()).toEqual(keys(catalogue('nl').reports).sort());
  });
});

const pdftotextMissing = spawnSync('pdftotext', ['-v']).error !== undefined;
const textSuite = pdftotextMissing
  ? 'report text (SKIPPED: pdftotext not installed; apt-get install poppler-utils)'
  : 'report text';

describe.skipIf(pdftotextMissing)(textSuite, () => {
  let workDir = '';
  beforeAll(() => {
    workDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-report-'));
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  /** The PDF's text per page, as pdftotext -layout lays it out. */
  const pdfPages = async (organisationId: number, username: string): Promise<string[]> => {
    const res = await post(report(organisationId), username);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const file = path.join(workDir, `${username}-${organisationId}.pdf`);
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return text.split('\f').filter((page) => page.trim() !== '');
  };
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** Every value printed after `label` on its line (both availability panels share lines). */
  const valuesAfter = (text: string, label: string): string[] =>
    [...text.matchAll(new RegExp(`${escape(label)}\\s+([\\d.,]+(?:\\s?%)?)`, 'g'))].map((m) => m[1] ?? '');

  const statsOf = (organisationId: number, username: string) =>
    get<PeriodStats>(
      `/stats?organisationId=${organisationId}&from=${period.from}&to=${period.to}&startHour=7&endHour=19`,
      username,
    );
  const detailsOf = async (type: string, organisationId: number, username: string) =>
    (
      await get<{ items: StatsDetailItem[] }>(
        `/stats/details?type=${type}&lower=0&upper=1&organisationId=${organisationId}&from=${period.from}&to=${period.to}`,
        username,
      )
    ).items;

  const expectSummaryEqualsStats = (text: string, stats: PeriodStats, f: ReportFormat, language: 'nl' | 'en') => {
    const s = catalogue(language).reports.summary;
    expect(text).toContain(f.percentage(stats.liftAvailability.percentage));
    expect(text).toContain(f.percentage(stats.intercomAvailability.percentage));
    expect(valuesAfter(text, s.unavailableHours)).toEqual([
      f.hours(stats.liftAvailability.unavailableSeconds),
      f.hours(stats.intercomAvailability.unavailableSeconds),
    ]);
    const bracket = (i: number) => [
      f.count(stats.liftAvailability.brackets[i]?.count ?? -1),
      f.count(stats.intercomAvailability.brackets[i]?.count ?? -1),
    ];
    expect(valuesAfter(text, s.bracketLow)).toEqual(bracket(0));
    expect(valuesAfter(text, s.bracketMid)).toEqual(bracket(1));
    expect(valuesAfter(text, s.bracketHigh)).toEqual(bracket(2));
    const figures: [string, number][] = [
      [s.maintenanceVisits, stats.maintenanceVisits.count],
      [s.maintenanceBefore, stats.maintenanceBeforeInterval.count],
      [s.maintenanceOn, stats.maintenanceOnInterval.count],
      [s.maintenanceAfter, stats.maintenanceAfterInterval.count],
      [s.maintenanceExpired, stats.maintenanceExpired.lift_count],
      [s.approvalRejected, stats.approvalRejected.count],
      [s.approvalExpired, stats.approvalExpired.count],
      [s.approvalExpiredLifts, stats.approvalExpired.lift_count],
      [s.inspectionUnknown, stats.inspectionUnknown.lift_count],
    ];
    for (const [label, value] of figures) expect(valuesAfter(text, label)[0], label).toBe(f.count(value));
  };

  it('prints in Dutch every figure /stats and /stats/details give, with page numbers', async () => {
    const pages = await pdfPages(owner(), 'test-user');
    const text = pages.join('\n');
    const f = createReportFormat('nl', '{{value}} %');
    const texts = catalogue('nl').reports;

    pages.forEach((page, i) => expect(page).toContain(`Pagina ${i + 1} van ${pages.length}`));
    expect(pages[0]).toContain('Organisatierapport');
    expect(pages[0]).toContain('Woonstichting Test');
    expect(pages[0]).toContain('1 februari 2026 t/m 28 februari 2026');
    expect(pages[0]).toContain('10 maart 2026 om 10:00');

    const stats = await statsOf(owner(), 'test-user');
    expect(stats.liftAvailability.liftCount).toBe(5);
    expectSummaryEqualsStats(text, stats, f, 'nl');

    // Alarm calls per kind: February in Amsterdam time.
    const s = texts.summary;
    expect(valuesAfter(text, s.callsTotal)[0]).toBe('5');
    expect(valuesAfter(text, s.callKinds.entrapment)[0]).toBe('2');
    expect(valuesAfter(text, s.callKinds.false_alarm)[0]).toBe('1');
    expect(valuesAfter(text, s.callKinds.test)[0]).toBe('1');
    expect(valuesAfter(text, s.callKinds.other)[0]).toBe('1');

    // One row per lift, equal to the dashboard's per-lift availability.
    const lift = new Map((await detailsOf('liftAvailability', owner(), 'test-user')).map((i) => [i.name, i]));
    const intercom = new Map((await detailsOf('intercomAvailability', owner(), 'test-user')).map((i) => [i.name, i]));
    const expected: [string, number, number, number, string][] = [
      // name, unavailability events, alarm calls, visits, inspection due (unknown: no
      // commissioning date and no approval, never a blank)
      ['Lift A', 1, 3, 0, texts.lifts.inspectionUnknown],
      ['Lift B', 2, 2, 1, texts.lifts.inspectionUnknown],
      ['Lift C', 0, 0, 1, '01-12-2026'],
      ['Lift D', 0, 0, 1, '15-02-2026'],
      [liftE, 0, 0, 0, texts.lifts.inspectionUnknown],
    ];
    const liftsPage = pages.findIndex((p) => p.includes(texts.lifts.intro.slice(0, 40)));
    expect(liftsPage).toBeGreaterThan(0);
    const liftText = pages.slice(liftsPage).join('\n');
    for (const [name, unavailable, alarmCalls, visitCount, validUntil] of expected) {
      const availability = f.percentage(Number(lift.get(name)?.value));
      const intercomValue = intercom.has(name) ? f.percentage(Number(intercom.get(name)?.value)) : '—';
      const row = new RegExp(
        [name, availability, intercomValue, unavailable, alarmCalls, visitCount, validUntil]
          .map((v) => escape(String(v)))
          .join('\\s+'),
      );
      expect(liftText, name).toMatch(row);
    }

    // The ten lowest: Lift B first, then Lift A (the only lifts with an outage in the window).
    // Skip the cover: its contents list names every section too.
    const lowest = pages.slice(1).find((p) => p.includes(texts.lowest.title)) ?? '';
    expect(lowest).toMatch(/1\s+Lift B/);
    expect(lowest).toMatch(/2\s+Lift C/);
    expect(lowest).toMatch(/3\s+Lift A/);

    // Events per type, with Dutch labels; an unknown type prints under its code.
    const events = texts.eventTypes;
    expect(valuesAfter(text, events.labels.unavailable)[0]).toBe('3');
    expect(valuesAfter(text, events.labels.alarm_call)[0]).toBe('3');
    expect(valuesAfter(text, events.labels.intercom_unavailable)[0]).toBe('2');
    expect(valuesAfter(text, events.labels.en627_door_closing_fault)[0]).toBe('1');
    expect(valuesAfter(text, 'mystery_code')[0]).toBe('1');
    expect(text).not.toContain(events.labels.battery);
    expect(valuesAfter(text, events.total)).toContain('10');

    // Embedded font: Dutch characters and symbols come through.
    expect(text).toContain(liftE);
    expect(text).toContain('≥ 99 %');
  });

  it('prints in English for an English user, with the table header on every page', async () => {
    const client = t.fixtures.org.client;
    const pages = await pdfPages(client, 'test-onderhoud');
    const text = pages.join('\n');
    const f = createReportFormat('en-GB', '{{value}}%');
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    expect(pages[0]).toContain('Organisation report');
    expect(pages[0]).toContain(clientName);
    expect(pages[0]).toContain('1 February 2026 to 28 February 2026');

    const stats = await statsOf(client, 'test-onderhoud');
    expect(stats.liftAvailability.liftCount).toBe(70);
    expectSummaryEqualsStats(text, stats, f, 'en');
    expect(text).toContain('100%');
    expect(text).toContain(catalogue('en').reports.eventTypes.empty);

    const tablePages = pages.filter((p) => /^\s*Lift\s+Availability\s+Intercom/m.test(p));
    expect(tablePages.length).toBeGreaterThanOrEqual(3); // the ten lowest + at least two of all lifts
    for (let i = 1; i <= 70; i++) expect(text).toMatch(new RegExp(`Gemeentelift ${i}\\s`));
    // A lift without a lift type has no intercom figure.
    expect(text).toMatch(/Gemeentelift 1\s+100%\s+—/);
  });
});
