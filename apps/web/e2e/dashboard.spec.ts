import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { CurrentStats, ServedStats, PeriodStats, StatsDetailItem } from '@liftwacht/contracts/dashboard';
import {
  apiData,
  clickPieSlice,
  dutchCount,
  dutchPercentage,
  periodButton,
  showPeriodView,
  statCard,
} from './support/dashboard.ts';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn } from './support/demo.ts';

const organisationId = 1;
const hours = { startHour: 7, endHour: 19 };

const currentCards: [keyof Omit<CurrentStats, 'view'>, string][] = [
  ['liftUnavailable', 'Liften buiten gebruik'],
  ['senseFailureSensor', 'Technisch niet beschikbaar'],
  ['visits', 'Bezoeken'],
  ['servicecounterMaintenanceAlert', 'Onderhoud onvoldoende'],
  ['approvalRejected', 'Liften afgekeurd'],
  ['approvalExpired', 'Liften met verlopen keuring'],
  ['inspectionUnknown', 'Liften met keuring onbekend'],
  ['intercomUnavailable', 'Intercom niet beschikbaar'],
  ['senseNotConnected', 'Sense-module niet verbonden'],
];

const periodCards: [string, (stats: PeriodStats) => string][] = [
  ['Beschikbaarheid liften', (s) => dutchPercentage(s.liftAvailability.percentage)],
  ['Beschikbaarheid intercom', (s) => dutchPercentage(s.intercomAvailability.percentage)],
  ['Aantal afkeuringen', (s) => dutchCount(s.approvalRejected.count)],
  ['Verlopen liftkeuringen', (s) => dutchCount(s.approvalExpired.count)],
  ['Liften met keuring onbekend', (s) => dutchCount(s.inspectionUnknown.lift_count)],
  ['Onderhoudsbezoek eerder', (s) => dutchCount(s.maintenanceBeforeInterval.count)],
  ['Onderhoudsbezoek op tijd', (s) => dutchCount(s.maintenanceOnInterval.count)],
  ['Onderhoudsbezoek later', (s) => dutchCount(s.maintenanceAfterInterval.count)],
  ['Onderhoudsinterval overschreden', (s) => dutchCount(s.maintenanceExpired.lift_count)],
];

const storedRange = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    from: localStorage.getItem('liftwacht-start-date') ?? '',
    to: localStorage.getItem('liftwacht-end-date') ?? '',
  }));

async function expectPeriodCardsToMatchApi(page: import('@playwright/test').Page) {
  const { from, to } = await storedRange(page);
  const stats = await apiData<PeriodStats>(page, '/stats', { organisationId, from, to, ...hours });
  for (const [label, value] of periodCards) await expect(statCard(page, label, value(stats))).toBeVisible();
  return stats;
}

test('the cards show the figures the API gives, in the current and the period view', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  const total = (await apiData<{ total: number }>(page, '/lift', { limit: 1, offset: 0, organisationId })).total;
  await expect(page.getByText(`${dutchCount(total)} liften · Actuele situatie`)).toBeVisible();

  // Current conditions can change while the test runs (a module falls silent): compare until equal.
  await expect(async () => {
    const stats = await apiData<CurrentStats>(page, '/stats', { organisationId, ...hours });
    for (const [type, label] of currentCards) {
      const count = stats[type];
      if (count === undefined) throw new Error(`${type} missing for an admin`);
      await expect(statCard(page, label, dutchCount(count))).toHaveAttribute('href', `/stats-details/${type}`, {
        timeout: 1000,
      });
    }
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /PDF-rapport/ })).toHaveCount(0);

  await showPeriodView(page);
  await expectPeriodCardsToMatchApi(page);
  await expect(page.getByRole('button', { name: 'PDF-rapport van de periode downloaden' })).toBeVisible();
});

test('clicking a pie slice lists exactly the lifts in that bucket', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await showPeriodView(page);
  const { from, to } = await storedRange(page);
  const stats = await apiData<PeriodStats>(page, '/stats', { organisationId, from, to, ...hours });
  const high = stats.liftAvailability.brackets.find((bracket) => bracket.lower === 0.99);
  expect(high?.count).toBeGreaterThan(0);
  const sliceName = `≥ 99 %: ${high?.count ?? 0} ${high?.count === 1 ? 'lift' : 'liften'}`;

  const chart = page.getByRole('figure', { name: 'Liften' });
  await clickPieSlice(page, chart.getByRole('img', { name: sliceName, exact: true }));
  await expect(page).toHaveURL(/\/stats-details\/liftAvailability\/0\.99\/null$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beschikbaarheid liften · ≥ 99 %' })).toBeVisible();

  const details = await apiData<{ items: StatsDetailItem[] }>(page, '/stats/details', {
    type: 'liftAvailability',
    organisationId,
    lower: 0.99,
    from,
    to,
    ...hours,
    limit: 1000,
  });
  const table = page.getByRole('table', { name: 'Liften bij deze statistiek' });
  await expect(table.getByRole('row')).toHaveCount(details.items.length + 1);
  const hrefs = await table.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.sort()).toEqual(details.items.map((item) => `/lifts/${item.liftId}`).sort());
  expect(details.items).toHaveLength(high?.count ?? -1);

  // The other buckets are a click on the legend away, with the same lifts as the API's.
  await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
  await page
    .getByRole('figure', { name: 'Liften' })
    .getByRole('link', { name: /^< 98 %/ })
    .click();
  await expect(page).toHaveURL(/\/stats-details\/liftAvailability\/0\/0\.98$/);
});

test('stepping periods changes the label and the figures', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await showPeriodView(page);
  const month = new Intl.DateTimeFormat('nl', { month: 'long', year: 'numeric' });
  const now = new Date();
  const thisMonth = month.format(now);
  const lastMonth = month.format(new Date(now.getFullYear(), now.getMonth() - 1, 1));

  await expect(periodButton(page, thisMonth)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volgende periode' })).toBeDisabled();
  const current = await expectPeriodCardsToMatchApi(page);

  await page.getByRole('button', { name: 'Vorige periode' }).click();
  await expect(periodButton(page, lastMonth)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volgende periode' })).toBeEnabled();
  const previous = await expectPeriodCardsToMatchApi(page);
  expect(previous.from).not.toBe(current.from);

  await page.getByRole('button', { name: `Periode: ${lastMonth}` }).click();
  await page.getByRole('menuitem', { name: 'Jaar' }).click();
  await expect(periodButton(page, String(now.getFullYear()))).toBeVisible();
  await expectPeriodCardsToMatchApi(page);
  // The choice survives a reload (liftwacht-period).
  await page.reload();
  await expect(periodButton(page, String(now.getFullYear()))).toBeVisible();
});

test('a client-light user sees only the two always-shown cards and no period selector', async ({ page }) => {
  await logIn(page, demoUsers.client);
  await dashboardShowsOnlyTheAlwaysShownCards(page);
});

test('a mechanic sees the lifts his company serves with only the two always-shown cards', async ({ page }) => {
  await logIn(page, demoUsers.monteur);
  await expect(page).toHaveURL(/\/dashboard$/);
  const served = await apiData<ServedStats>(page, '/stats/served');
  expect(served.liftCount).toBeGreaterThan(0);
  await expect(page.getByText(new RegExp(`^${dutchCount(served.liftCount)} liften · Actuele situatie`))).toBeVisible();
  const main = page.getByRole('main');
  for (const [label, value] of [
    ['Intercom niet beschikbaar', served.intercomUnavailable],
    ['Sense-module niet verbonden', served.senseNotConnected],
  ] as const) {
    await expect(main.getByText(label, { exact: true }).locator('..')).toContainText(dutchCount(value));
  }
  await expect(main.getByText(/^Liften (niet beschikbaar|buiten gebruik)$/)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Periode' })).toHaveCount(0);
  await expect(page.getByText('Organisatie heeft geen liften')).toHaveCount(0);
});

async function dashboardShowsOnlyTheAlwaysShownCards(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  const stats = await apiData<CurrentStats>(page, '/stats', { organisationId, ...hours });
  await expect(statCard(page, 'Intercom niet beschikbaar', dutchCount(stats.intercomUnavailable))).toBeVisible();
  await expect(statCard(page, 'Sense-module niet verbonden', dutchCount(stats.senseNotConnected))).toBeVisible();
  const cards = page.getByRole('main').getByRole('link', { name: /\d$/ });
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Periode' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /PDF-rapport/ })).toHaveCount(0);
}

test('the PDF icon downloads the organisation report of the selected period', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await showPeriodView(page);
  await page.getByRole('button', { name: 'Vorige periode' }).click();

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'PDF-rapport van de periode downloaden' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`liftwacht-organisation-report-${organisationId}.pdf`);
  const path = await file.path();
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'PDF-rapport van de periode downloaden' })).toBeEnabled();
});

test('the no-lifts message for an organisation without lifts, in English for an English profile', async ({ page }) => {
  await logIn(page, demoUsers.onderhoud);
  const picker = page.getByRole('combobox', { name: 'Choose an organisation' });
  await picker.click();
  await page.getByRole('option', { name: 'Liftservice Randstad B.V.' }).click();
  await expect(page.getByText('Organisation has no lifts')).toBeVisible();
});

test('compare periods: a running month against the same days, then two quarters chosen by the user', async ({
  page,
}) => {
  await logIn(page, demoUsers.admin);
  await page.goto('/compare-periods');
  await expect(page.getByRole('heading', { level: 1, name: 'Periodes vergelijken' })).toBeVisible();
  // The month runs (the demo's clock is today's): its days so far against the same days of the one before.
  await expect(page.getByText(/loopt nog: vergeleken worden dezelfde dagen/)).toBeVisible();
  await expect(page.getByRole('table', { name: /^Maand: \d+–\d+ .+ vergeleken met \d+–\d+ / })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Vergelijken per' }).click();
  await page.getByRole('option', { name: 'Kwartaal' }).click();
  await page.getByRole('combobox', { name: 'Periode', exact: true }).click();
  const options = page.getByRole('option');
  const older = (await options.nth(1).textContent()) ?? '';
  await options.nth(1).click();
  await page.getByRole('combobox', { name: 'Vergelijken met' }).click();
  const oldest = (await options.nth(5).textContent()) ?? '';
  await options.nth(5).click();

  // Two quarters that are over: compared whole, nothing marked, and the URL keeps the choice.
  await expect(page.getByRole('table', { name: `Kwartaal: ${older} vergeleken met ${oldest}` })).toBeVisible();
  await expect(page.getByText(/loopt nog/)).toHaveCount(0);
  await expect(page).toHaveURL(/unit=quarter/);
  await page.reload();
  await expect(page.getByRole('table', { name: `Kwartaal: ${older} vergeleken met ${oldest}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
