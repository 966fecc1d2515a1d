import { expect, test, type Page } from '@playwright/test';
import type {
  CountersResponse,
  Lift,
  LiftListResponse,
  LiftStatusesResponse,
  LogbookResponse,
  RideEstimateResponse,
} from '@liftwacht/contracts/lifts';
import type { EventListResponse } from '@liftwacht/contracts/events';
import { isNumberedSenseField, type SenseDataResponse } from '@liftwacht/contracts/sense';
import type { LiftVisitsResponse } from '@liftwacht/contracts/visits';
import { energyRange, rideChartRange } from '../src/features/lifts/lib/counter-ranges.ts';
import { seriousViolations } from './support/axe.ts';
import { apiData, dutchCount, storedToken } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';

type LiftList = LiftListResponse['data'];

async function chosenOrganisation(page: Page): Promise<number> {
  const stored = await page.evaluate(() => localStorage.getItem('liftwacht-organisation-id'));
  expect(stored).not.toBeNull();
  return Number(stored);
}

async function openLiftsFromMenu(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Liften' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liften' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Liften' })).toBeVisible();
}

/** The row of one lift, found by its number in the first column. */
const liftRow = (page: Page, lift: Lift) =>
  page
    .getByRole('table', { name: 'Liften' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(lift.id), exact: true }) });

const totalText = (total: number) => (total === 1 ? '1 lift' : `${dutchCount(total)} liften`);

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

test('search finds a lift by address fragment and by lift number, survives a reload and opens the lift', async ({
  page,
}) => {
  await logIn(page, demoUsers.admin);
  const organisationId = await chosenOrganisation(page);
  const [lift] = (await apiData<LiftList>(page, '/lift', { organisationId, limit: 1, sort: 'id' })).items;
  if (!lift) throw new Error('the demo organisation has no lifts');
  await openLiftsFromMenu(page);

  // A fragment from inside the street name, in other case: the search ignores case.
  const street = (lift.details.address ?? '').split(' ')[0] ?? '';
  const fragment = street.slice(1, 6).toUpperCase();
  await search(page, fragment);
  const byAddress = await apiData<LiftList>(page, '/lift', { organisationId, search: fragment, limit: 1 });
  await expect(page.getByText(totalText(byAddress.total), { exact: true })).toBeVisible();
  for (const address of await page.getByRole('table', { name: 'Liften' }).getByRole('row').allTextContents()) {
    if (!address.includes('Adres')) expect(address.toUpperCase()).toContain(fragment);
  }

  const number = lift.details.serialNumber ?? '';
  await search(page, number);
  await expect(page.getByText('1 lift', { exact: true })).toBeVisible();
  await expect(liftRow(page, lift)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue(number);
  await expect(liftRow(page, lift)).toBeVisible();

  await liftRow(page, lift).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/lifts/${String(lift.id)}$`));
  await expect(page.getByRole('region', { name: 'Geselecteerde lift' })).toContainText(`Lift ${String(lift.id)}`);
});

test('every panel of the lift page shows the seeded data', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  const organisationId = await chosenOrganisation(page);
  const candidates = await apiData<LiftList>(page, '/lift', { organisationId, limit: 50, sort: 'id' });
  const lift = candidates.items.find((item) => item.module !== null);
  if (!lift) throw new Error('no lift with a module');
  const id = lift.id;
  await page.goto(`/lifts/${String(id)}`);
  await expect(page.getByRole('heading', { level: 1, name: lift.details.liftname ?? '' })).toBeVisible();

  const details = page.getByRole('region', { name: 'Liftgegevens' });
  for (const value of [
    lift.details.address,
    lift.details.buildingName,
    lift.details.sbclId,
    lift.details.serialNumber,
    lift.details.ownerNumber,
    lift.details.inspectionNumber,
    lift.details.installerNumber,
    lift.details.telephoneNumber,
    lift.details.manufacturerNumber,
    lift.module?.esNumber,
  ]) {
    if (value) await expect(details.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(details.getByText('Laatste wijziging')).toBeVisible();

  const statuses = await apiData<LiftStatusesResponse['data']>(page, `/lift/${String(id)}/statuses`);
  const statusPanel = page.getByRole('region', { name: 'Actuele statussen' });
  const active = statuses.statuses.filter((item) => item.active);
  if (active.length === 0) await expect(statusPanel.getByText(/Geen van deze statussen is nu actief/)).toBeVisible();
  else await expect(statusPanel.getByRole('listitem')).toHaveCount(active.length);

  await expect(page.getByRole('region', { name: 'Realtime meldingen' })).toBeVisible();

  const sense = await apiData<SenseDataResponse['data']>(page, `/lift/${String(id)}/sense-data`);
  const senseTable = page.getByRole('table', { name: 'Sense-data van de module' });
  const numbered = sense.items.filter((item) => isNumberedSenseField(item.key));
  await expect(senseTable.getByRole('row')).toHaveCount(numbered.length + 1);
  if (sense.items.some((item) => item.key === 'f0')) {
    await expect(senseTable.getByRole('rowheader', { name: 'Deur open' })).toBeVisible();
  }

  const energy = await apiData<CountersResponse['data']>(page, `/lift/${String(id)}/counters`, {
    kind: 'energy_wh',
    ...energyRange(new Date()),
  });
  const kwh = new Intl.NumberFormat('nl', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    energy.sum / 1000,
  );
  await expect(page.getByRole('region', { name: 'Energieverbruik' }).getByText(`${kwh} kWh`).first()).toBeVisible();

  for (const [chart, title] of [
    ['quarterHours', 'Ritten per 15 minuten'],
    ['weeks', 'Ritten per week'],
    ['years', 'Ritten per jaar'],
  ] as const) {
    const rides = await apiData<CountersResponse['data']>(page, `/lift/${String(id)}/counters`, {
      kind: 'rides',
      ...rideChartRange(chart, new Date()),
    });
    const figure = page.getByRole('figure', { name: new RegExp(title) });
    if (rides.items.length === 0) {
      await expect(figure.getByText('Geen data beschikbaar voor het maken van een grafiek')).toBeVisible();
    } else {
      await expect(figure.getByText(`Totaal: ${dutchCount(rides.sum)} ritten`)).toBeVisible();
      await expect(figure.locator('.recharts-bar-rectangle').first()).toBeVisible();
    }
  }
  const estimate = await apiData<RideEstimateResponse['data']>(page, `/lift/${String(id)}/ride-estimate`);
  if (estimate.estimate !== null) {
    await expect(page.getByText(`${dutchCount(estimate.estimate)} ritten per jaar`)).toBeVisible();
  }

  const visits = await apiData<LiftVisitsResponse['data']>(page, `/lift/${String(id)}/visits`, { limit: 10 });
  const logbook = await apiData<LogbookResponse['data']>(page, `/lift/${String(id)}/logbook`, { limit: 10 });
  const events = await apiData<EventListResponse['data']>(page, '/events', {
    organisationId,
    liftIds: id,
    showClosed: 'true',
    limit: 10,
  });
  const eventsPanel = page.getByRole('region', { name: 'Events', exact: true });
  if (events.total === 0) await expect(eventsPanel.getByText('Geen events')).toBeVisible();
  else
    await expect(
      eventsPanel.getByText(`1–${String(Math.min(10, events.total))} van ${String(events.total)}`),
    ).toBeVisible();
  const visitsPanel = page.getByRole('region', { name: 'Bezoeken', exact: true });
  const logbookPanel = page.getByRole('region', { name: 'Logboek', exact: true });
  if (logbook.items[0]) await expect(logbookPanel.getByText(logbook.items[0].text).first()).toBeVisible();
  else await expect(logbookPanel.getByText('Geen logboekregels')).toBeVisible();

  // The history checkboxes are remembered across a reload.
  await page.getByRole('checkbox', { name: 'Logboek' }).uncheck();
  await expect(logbookPanel).toBeHidden();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Logboek' })).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'Logboek', exact: true })).toBeHidden();
  await page.getByRole('checkbox', { name: 'Logboek' }).check();

  const firstVisit = visits.items[0];
  if (!firstVisit) {
    await expect(visitsPanel.getByText('Geen bezoeken')).toBeVisible();
    return;
  }
  await expect(
    visitsPanel.getByText(`1–${String(Math.min(10, visits.total))} van ${String(visits.total)}`),
  ).toBeVisible();
  await visitsPanel.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/lifts/${String(id)}/visits/${String(firstVisit.id)}$`));
  const visitDetails = page.getByRole('region', { name: 'Bezoekgegevens' });
  await expect(visitDetails).toBeVisible();
  if (firstVisit.person) await expect(visitDetails.getByText(firstVisit.person)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Geselecteerde lift' })).toBeVisible();
});

test('advanced search, empty criteria without a request, and pagination that survives a reload', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  const organisationId = await chosenOrganisation(page);
  await openLiftsFromMenu(page);
  const all = await apiData<LiftList>(page, '/lift', { organisationId, limit: 1 });
  await expect(page.getByText(`1–25 van ${String(all.total)}`)).toBeVisible();

  const firstPageFirst = await page.getByRole('table', { name: 'Liften' }).getByRole('row').nth(1).textContent();
  await page.getByRole('button', { name: 'Volgende pagina' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(`26–50 van ${String(all.total)}`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`26–50 van ${String(all.total)}`)).toBeVisible();
  expect(await page.getByRole('table', { name: 'Liften' }).getByRole('row').nth(1).textContent()).not.toBe(
    firstPageFirst,
  );

  let searches = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/liftwacht/lift') searches += 1;
  });
  await page.getByRole('button', { name: 'Uitgebreid zoeken' }).click();
  const form = page.getByRole('form', { name: 'Uitgebreid zoeken' });
  await form.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page.getByText('Geen liften gevonden')).toBeVisible();
  expect(searches).toBe(0);

  await page.getByRole('button', { name: 'Criteria wijzigen' }).click();
  await form.getByRole('checkbox', { name: 'Keuring verlopen' }).check();
  await form.getByRole('combobox', { name: 'Sense-module' }).selectOption('yes');
  await form.getByRole('button', { name: 'Zoeken' }).click();
  const criteria = { statuses: ['approvalExpired'], statusMatch: 'any', hasModule: true };
  const response = await page.request.post(`/liftwacht/lift?organisationId=${String(organisationId)}&limit=1`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
    data: criteria,
  });
  const expected = ((await response.json()) as LiftListResponse).data.total;
  expect(expected).toBeGreaterThan(0);
  await expect(page.getByText(totalText(expected), { exact: true })).toBeVisible();
  await expect(page.getByText('Uitgebreid zoeken actief: 2 criteria')).toBeVisible();
  // Every lift found has the status asked for, and a module.
  const rows = page.getByRole('table', { name: 'Liften' }).getByRole('row');
  await expect(rows.nth(1).getByText('Keuring verlopen')).toBeVisible();
  for (const row of (await rows.all()).slice(1)) {
    await expect(row.getByText('Keuring verlopen')).toBeVisible();
    await expect(row.getByRole('cell', { name: /^ES-/ })).toBeVisible();
  }
  expect(searches).toBeGreaterThan(0);
  await expect(page).toHaveURL(/[?&]advanced=/);

  // The search is in the URL: a reload shows the same result.
  await page.reload();
  await expect(page.getByText(totalText(expected), { exact: true })).toBeVisible();
});

test('changing the organisation on a lift page returns to the lift list', async ({ page }) => {
  await logIn(page, demoUsers.onderhoud);
  const picker = page.getByRole('combobox', { name: 'Choose an organisation' });
  await picker.click();
  // The maintenance company's own organisation has no lifts; switch between two it serves.
  const options = page.getByRole('listbox').getByRole('option').filter({ hasNotText: 'Liftservice Randstad' });
  const first = (await options.nth(0).textContent()) ?? '';
  await options.nth(0).click();
  await expect(picker).toHaveValue(first);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Lifts' }).click();
  const table = page.getByRole('table', { name: 'Lifts' });
  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/lifts\/\d+$/);
  await expect(page.getByRole('region', { name: 'Lift details' })).toBeVisible();

  await picker.click();
  await options.nth(1).click();
  await expect(page).toHaveURL(/\/lifts$/);
  const organisationId = await chosenOrganisation(page);
  const list = await apiData<LiftList>(page, '/lift', { organisationId, limit: 1 });
  expect(list.total).toBeGreaterThan(0);
  await expect(page.getByText(`1–${String(Math.min(25, list.total))} of ${String(list.total)}`)).toBeVisible();
});

test('the lifts page, the advanced search and the lift page have no serious or critical accessibility violations', async ({
  page,
}) => {
  await logIn(page, demoUsers.admin);
  await openLiftsFromMenu(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Uitgebreid zoeken' }).click();
  await expect(page.getByRole('form', { name: 'Uitgebreid zoeken' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('table', { name: 'Liften' }).getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Liftgegevens' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /Ritten per jaar/ }).getByText(/Totaal|Geen data/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bezoeken' }).getByRole('progressbar')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
