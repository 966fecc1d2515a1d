// Issue 19: a simulated alarm appears on current calls; one person acknowledges it, and a second
// browser of the organisation shows it acknowledged within 2 s, without reloading.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { CurrentCallsResponse } from '@liftwacht/contracts/calls';
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoUsers, logIn } from './support/demo.ts';
import { moduleFrame, publishModuleMessage, type LiftWithModule } from './support/modules.ts';
import { timed } from './support/timed.ts';

async function chosenOrganisation(page: Page): Promise<number> {
  const stored = () => page.evaluate(() => localStorage.getItem('liftwacht-organisation-id'));
  await expect.poll(stored).not.toBeNull();
  return Number(await stored());
}

/** A lift of the organisation with a module and no running call, so its new call is easy to find. */
async function quietLift(page: Page, organisationId: number): Promise<LiftWithModule & { address: string }> {
  const current = await apiData<CurrentCallsResponse['data']>(page, '/calls/current', { organisationId, limit: 1000 });
  const busy = new Set(current.items.map((call) => call.lift.id));
  const lifts = await apiData<LiftListResponse['data']>(page, '/lift', { organisationId, limit: 200, offset: 0 });
  const lift = lifts.items.find(
    (item) => item.module !== null && item.details.liftname && item.details.address && !busy.has(item.id),
  );
  if (!lift?.module || !lift.details.liftname || !lift.details.address)
    throw new Error('no named demo lift with a module, an address and no running call');
  return { id: lift.id, name: lift.details.liftname, address: lift.details.address, esNumber: lift.module.esNumber };
}

/** The handle button names the lift with its address: names repeat in the demo fleet. */
const handleButton = (lift: { name: string; address: string }) => ({
  name: `Oproep ${lift.name}, ${lift.address} afhandelen`,
  exact: true,
});

/** The new call's row (a table row, or an entry of the list on a phone): the only call of the lift in that state. */
const callRow = (page: Page, lift: { name: string; address: string }, status = 'Ontvangen') =>
  page
    .getByRole('table', { name: 'Actuele oproepen' })
    .getByRole('row')
    .or(page.getByRole('list', { name: 'Actuele oproepen' }).getByRole('listitem'))
    .filter({ has: page.getByRole('button', handleButton(lift)) })
    .filter({ hasText: status });

async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  await logIn(page, demoUsers.user);
  return page;
}

test(
  'a simulated alarm is acknowledged in one browser and shows acknowledged in a second within 2 s',
  timed,
  async ({ page, browser }) => {
    await logIn(page, demoUsers.admin);
    const organisationId = await chosenOrganisation(page);
    const lift = await quietLift(page, organisationId);
    const watcher = await secondBrowser(browser);
    await chosenOrganisation(watcher);

    await page.goto('/current-calls');
    await watcher.goto('/current-calls');
    const callId = randomUUID();
    await publishModuleMessage(
      lift.esNumber,
      moduleFrame({ alarmCall: { callId, phase: 'received', kind: 'entrapment' } }),
    );
    try {
      const row = callRow(page, lift);
      await expect(row).toHaveCount(1, { timeout: 10_000 });
      await expect(callRow(watcher, lift)).toHaveCount(1, { timeout: 10_000 });

      await row.getByRole('button', handleButton(lift)).click();
      const dialog = page.getByRole('dialog', { name: `Oproep ${lift.name}` });
      await expect(dialog.getByRole('list', { name: 'Verloop' })).toContainText('Module of meldkamer');
      expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);

      await dialog.getByRole('button', { name: 'Bevestigen' }).click();
      const acknowledgedAt = Date.now();
      await expect(dialog.getByText(/door Marieke van den Berg/)).toBeVisible();

      // The second browser: the row's status turns to acknowledged by the organisation's push.
      const watched = callRow(watcher, lift, 'Bevestigd');
      await expect(watched.first()).toBeVisible({ timeout: 2000 });
      expect(Date.now() - acknowledgedAt).toBeLessThan(2000);

      // Ending it with its kind takes it off current calls in both browsers.
      await dialog.getByRole('combobox', { name: 'Soort oproep' }).selectOption('entrapment');
      await dialog.getByRole('button', { name: 'Oproep beëindigen' }).click();
      await expect(dialog.getByRole('list', { name: 'Verloop' })).toContainText('Beëindigd');
      await dialog.getByRole('button', { name: 'Sluiten' }).click();
      await expect(callRow(watcher, lift)).toHaveCount(0, { timeout: 10_000 });
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await publishModuleMessage(
        lift.esNumber,
        moduleFrame({ alarmCall: { callId, phase: 'ended', kind: 'entrapment' } }),
      );
      await watcher.context().close();
    }
  },
);

test('a phone shows the call full screen with 44 px actions', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demoUsers.admin);
  const organisationId = await chosenOrganisation(page);
  const lift = await quietLift(page, organisationId);
  const callId = randomUUID();
  await publishModuleMessage(
    lift.esNumber,
    moduleFrame({ alarmCall: { callId, phase: 'received', kind: 'entrapment' } }),
  );
  try {
    await page.goto('/current-calls');
    const row = callRow(page, lift);
    await expect(row).toHaveCount(1, { timeout: 10_000 });
    await row.getByRole('button', handleButton(lift)).click();
    const dialog = page.getByRole('dialog', { name: `Oproep ${lift.name}` });
    await expect(dialog.getByRole('button', { name: 'Bevestigen' })).toBeVisible();
    const box = await dialog.getByRole('button', { name: 'Bevestigen' }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    // Acknowledged: "passenger freed" offers now, and ending stays in reach without scrolling.
    await dialog.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(dialog.getByText('Nu, tenzij u een ander tijdstip kiest')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Oproep beëindigen' })).toBeInViewport();
    const end = await dialog.getByRole('button', { name: 'Oproep beëindigen' }).boundingBox();
    expect((end?.y ?? 844) + (end?.height ?? 0)).toBeLessThanOrEqual(844);
  } finally {
    await publishModuleMessage(
      lift.esNumber,
      moduleFrame({ alarmCall: { callId, phase: 'ended', kind: 'false_alarm' } }),
    );
  }
});
