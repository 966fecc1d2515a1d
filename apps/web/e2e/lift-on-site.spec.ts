// The mechanic on site (issue 41 points 4 and 9): a lift's module reports an emergency stop that
// takes it out of service and an alarm call; the mechanic scans the sticker on a 390 × 844 phone
// and sees at a glance the lift out of service and since when, the open fault with its EN 627
// name, the call and its state, what is due; the inspection panel says who records inspections
// instead of missing a button; visits and logbook are two-line rows that never scroll sideways;
// the visit control offers only the action that applies. axe checks the page in each state. The
// lift's module is put back as it was at the end (the flows share one server).
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { FaultCode } from '@liftwacht/contracts/ingest';
import type { LiftOnSite } from '@liftwacht/contracts/lift-on-site';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import type { SenseDataResponse } from '@liftwacht/contracts/sense';
import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoPassword, demoUsers, fillLogin, logIn } from './support/demo.ts';
import { moduleFrame, publishModuleMessage } from './support/modules.ts';

const phone = { width: 390, height: 844 };
const organisationId = 1;

async function touchSized(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
}

/** Nothing on the page, and nothing inside the element, is wider than its box. */
async function fitsSideways(page: Page, element: Locator): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  const { scrollWidth, clientWidth } = await element.evaluate((e) => ({
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('the mechanic at the sticker sees the emergency stop, the call and what is due, on a phone', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext();
  const phoneContext = await browser.newContext({ baseURL, viewport: phone, locale: 'nl-NL' });
  const admin = await adminContext.newPage();
  const monteur = await phoneContext.newPage();
  const callId = randomUUID();
  let restore: (() => Promise<void>) | null = null;
  try {
    await logIn(admin, demoUsers.admin);
    // A lift with a module nobody works on, from the end of the list (the realtime flows take the first).
    const busy = await apiData<{ items: StatsDetailItem[] }>(admin, '/stats/details', {
      type: 'visits',
      organisationId,
    });
    const lifts = await apiData<LiftListResponse['data']>(admin, '/lift', { organisationId, limit: 50, offset: 0 });
    const lift = lifts.items
      .filter((item) => item.module !== null && !busy.items.some((b) => b.liftId === item.id))
      .at(-1);
    if (!lift?.module) throw new Error('no demo lift with a module and no visit in progress');
    const esNumber = lift.module.esNumber;
    const sense = await apiData<SenseDataResponse['data']>(admin, `/lift/${String(lift.id)}/sense-data`);
    const reading = (key: string) => sense.items.find((item) => item.key === key)?.value;
    const faultsBefore = (Array.isArray(reading('faults')) ? reading('faults') : []) as FaultCode[];
    restore = () =>
      publishModuleMessage(
        esNumber,
        moduleFrame({
          available: reading('available') !== false,
          faults: faultsBefore,
          alarmCall: { callId, phase: 'ended', kind: 'false_alarm' },
        }),
      );

    // The module: an emergency stop on floor 3 takes the lift out of service, a passenger calls.
    await publishModuleMessage(
      esNumber,
      moduleFrame({
        floor: 3,
        available: false,
        faults: [...new Set<FaultCode>([...faultsBefore, 'emergency_stop'])],
        alarmCall: { callId, phase: 'received' },
      }),
    );
    await expect
      .poll(async () => {
        const summary = await apiData<LiftOnSite>(admin, `/lift/${String(lift.id)}/on-site`);
        return [summary.service.state, summary.call?.status ?? null];
      })
      .toEqual(['out_of_service', 'received']);

    // The sticker, on a phone without a session.
    await monteur.goto(`/lifts/${String(lift.id)}?sticker=1`);
    await fillLogin(monteur, demoUsers.monteur, demoPassword);
    await expect(monteur).toHaveURL(new RegExp(`/lifts/${String(lift.id)}$`));

    const summary = monteur.getByRole('region', { name: 'De lift nu' });
    await expect(summary.getByRole('status').first()).toContainText('Buiten gebruik');
    await expect(summary.getByRole('status').first()).toContainText(/sinds \d{2}-\d{2}-\d{4},\s\d{2}:\d{2}\s\(/);
    const faults = summary.getByRole('list', { name: /^Open storingen \(\d+\)$/ });
    await expect(faults.getByRole('listitem').filter({ hasText: 'Noodstop tijdens de rit' })).toContainText(
      'verdieping 3',
    );
    await expect(faults.getByText('EN 627').first()).toBeVisible();
    await expect(summary.getByText('Open alarmoproep: Ontvangen')).toBeVisible();
    await expect(summary.getByText('Nog niet bevestigd')).toBeVisible();
    const due = summary.getByRole('list', { name: 'Wat is er nodig' });
    await expect(due).toContainText(/Keuring (geldig|binnenkort|verlopen|afgekeurd|onbekend)/);
    await expect(due).toContainText(/Onderhoud (op tijd|binnenkort|te laat|onvoldoende)/);
    const recent = monteur.getByRole('region', { name: 'Laatste events en bezoeken' });
    await expect(recent.getByRole('list', { name: 'Laatste events' })).toContainText('Noodstop tijdens de rit');
    await fitsSideways(monteur, summary);
    expect(await seriousViolations(monteur)).toEqual([]);

    // Who may not record an inspection reads who does.
    const inspections = monteur.getByRole('region', { name: 'Keuringen', exact: true });
    await expect(inspections).toContainText('Keuringen worden vastgelegd door een beheerder');
    await expect(inspections.getByRole('button', { name: 'Keuring vastleggen' })).toHaveCount(0);

    // Visits and logbook as two-line rows, within the screen.
    const history = monteur.getByRole('group', { name: 'Toon in de historie' });
    for (const box of await history.getByRole('checkbox').all()) await box.check();
    for (const name of ['Bezoeken aan deze lift', 'Logboek van deze lift']) {
      const title = name === 'Bezoeken aan deze lift' ? 'Bezoeken' : 'Logboek';
      const region = monteur.getByRole('region', { name: title, exact: true });
      await expect(region.getByRole('table')).toHaveCount(0);
      const list = region.getByRole('list', { name }).or(region.getByRole('status'));
      await expect(list.first()).toBeVisible();
      await fitsSideways(monteur, region);
    }

    // The visit control: start, then only finish or cancel while the visit is open.
    const recorder = monteur.getByRole('region', { name: 'Bezoek ter plaatse' });
    const start = recorder.getByRole('button', { name: 'Bezoek starten' });
    await touchSized(start);
    await start.click();
    const form = recorder.getByRole('form', { name: 'Een bezoek starten' });
    await form.getByLabel('Type').selectOption('repair');
    await form.getByRole('button', { name: 'Starten' }).click();
    const open = recorder.getByRole('form', { name: 'Reparatie bezig' });
    await expect(open).toBeVisible();
    await expect(start).toHaveCount(0);
    await expect(recent.getByRole('list', { name: 'Laatste bezoeken' })).toContainText('Reparatie');
    expect(await seriousViolations(monteur)).toEqual([]);
    const cancel = open.getByRole('button', { name: 'Annuleren' });
    await touchSized(cancel);
    await cancel.click();
    await expect(open).toHaveCount(0);
    await expect(start).toBeVisible();
  } finally {
    await restore?.();
    await adminContext.close();
    await phoneContext.close();
  }
});
