// Entrapment handling and reliability in the dashboard's period view (issue 19): the cards show
// what GET /stats gives, each opens the lifts behind it, and the page passes axe.
import { expect, test } from '@playwright/test';
import type { PeriodStats, StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { formatDuration } from '../src/lib/format-duration.ts';
import { seriousViolations } from './support/axe.ts';
import { apiData, dutchCount, dutchPercentage, periodButton, showPeriodView, statCard } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';
import { dutchT } from './support/dutch-texts.ts';

const organisationId = 1;
const hours = { startHour: 7, endHour: 19 };
const dash = '–';

const duration = (seconds: number | null) => (seconds === null ? dash : formatDuration(dutchT, seconds));
/** A median card reads "label median 90e percentiel p90" when there is a value. */
const withP90 = (figure: { medianSeconds: number | null; p90Seconds: number | null }) =>
  figure.medianSeconds === null || figure.p90Seconds === null
    ? dash
    : `${duration(figure.medianSeconds)} 90e percentiel ${duration(figure.p90Seconds)}`;

const cards: [string, string, (stats: PeriodStats) => string][] = [
  ['entrapments', 'Opsluitingen', (s) => dutchCount(s.entrapments.count)],
  ['timeToAcknowledge', 'Tijd tot bevestiging (mediaan)', (s) => withP90(s.timeToAcknowledge)],
  ['timeToFree', 'Tijd tot bevrijding (mediaan)', (s) => withP90(s.timeToFree)],
  [
    'falseAlarmShare',
    'Aandeel loos alarm',
    (s) => (s.falseAlarmShare.percentage === null ? dash : dutchPercentage(s.falseAlarmShare.percentage)),
  ],
  ['unavailabilityEvents', 'Onbeschikbaarheden', (s) => dutchCount(s.unavailabilityEvents.count)],
  ['mtbf', 'MTBF (gem. tijd tussen storingen)', (s) => duration(s.mtbf.seconds)],
  ['mttr', 'MTTR (gem. hersteltijd)', (s) => duration(s.mttr.seconds)],
];

test('the period view shows entrapment handling and reliability, each with its lifts', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await showPeriodView(page);
  // A year of the seeded fleet has entrapments, freed passengers and restored outages.
  const year = String(new Date().getFullYear());
  await page.getByRole('button', { name: /^Periode: / }).click();
  await page.getByRole('menuitem', { name: 'Jaar' }).click();
  await expect(periodButton(page, year)).toBeVisible();

  const range = await page.evaluate(() => ({
    from: localStorage.getItem('liftwacht-start-date') ?? '',
    to: localStorage.getItem('liftwacht-end-date') ?? '',
  }));
  await expect(page.getByRole('region', { name: 'Afhandeling opsluitingen' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Betrouwbaarheid' })).toBeVisible();
  // The demo's simulated modules keep adding events, and the page refetches when they do: the cards
  // are compared with GET /stats asked again until the two were taken between the same events.
  let stats: PeriodStats | undefined;
  await expect(async () => {
    stats = await apiData<PeriodStats>(page, '/stats', { organisationId, ...range, ...hours });
    for (const [type, label, value] of cards) {
      await expect(statCard(page, label, value(stats)), label).toHaveAttribute('href', `/stats-details/${type}`, {
        timeout: 2_000,
      });
    }
  }).toPass({ timeout: 20_000 });
  if (!stats) throw new Error('GET /stats gave nothing');
  expect(stats.entrapments.count).toBeGreaterThan(0);
  expect(stats.timeToFree.medianSeconds).not.toBeNull();
  expect(stats.mttr.seconds).not.toBeNull();
  expect(await seriousViolations(page)).toEqual([]);

  // Time to free: the lifts with a freed passenger, each with its median, as the API lists them.
  await statCard(page, 'Tijd tot bevrijding (mediaan)', withP90(stats.timeToFree)).click();
  await expect(page).toHaveURL(/\/stats-details\/timeToFree$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tijd tot bevrijding (mediaan)' })).toBeVisible();
  const details = await apiData<{ items: StatsDetailItem[] }>(page, '/stats/details', {
    type: 'timeToFree',
    organisationId,
    ...range,
    ...hours,
    limit: 1000,
  });
  expect(details.items.length).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'Liften bij deze statistiek' });
  await expect(table.getByRole('columnheader', { name: 'Mediaan tijd tot bevrijding' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(details.items.length + 1);
  const first = details.items[0];
  if (!first) throw new Error('no lift listed');
  await expect(table.getByRole('row').nth(1)).toContainText(duration(Number(first.value)));
  expect(await seriousViolations(page)).toEqual([]);
});
