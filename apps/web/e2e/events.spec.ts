import { expect, test } from '@playwright/test';
import type { Lift } from '@liftwacht/contracts/lifts';
import { seriousViolations } from './support/axe.ts';
import { apiData } from './support/dashboard.ts';
import { demoUsers, logIn, shellTexts } from './support/demo.ts';
import { faultTexts, liftWithModule } from './support/lift-realtime.ts';
import { moduleFrame, publishModuleMessage } from './support/modules.ts';

test('filtering events by type narrows the list, counts the filter and survives a reload', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Events' });
  await expect(table).toBeVisible();
  const summary = page.getByText(/^\d+–\d+ van \d+$/);
  const totalOf = async () => Number((await summary.textContent())?.split(' van ')[1]);
  const before = await totalOf();

  await page.getByRole('button', { name: 'Filters (0 actief)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Events filteren' });
  await dialog.getByRole('combobox', { name: 'Typen' }).click();
  await page.getByRole('option', { name: 'Alarmoproep', exact: true }).click();
  await dialog.getByRole('button', { name: 'Toepassen' }).click();

  await expect(page.getByRole('button', { name: 'Filters (1 actief)' })).toBeVisible();
  await expect(async () => expect(await totalOf()).toBeLessThan(before)).toPass();
  const typeLinks = table.getByRole('link');
  for (const name of await typeLinks.allTextContents()) expect(name).toBe('Alarmoproep');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Filters (1 actief)' })).toBeVisible();
  await expect(table.getByRole('link').first()).toHaveText('Alarmoproep');
  const stored = await page.evaluate(() => localStorage.getItem('liftwacht-event-filters'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ types: ['alarm_call'] });
});

test('opening an event from the list shows its detail card', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await page.goto('/events');
  const first = page.getByRole('table', { name: 'Events' }).getByRole('link').first();
  const typeLabel = (await first.textContent()) ?? '';
  await first.click();

  await expect(page).toHaveURL(/\/events\/\d+$/);
  const card = page.getByRole('article', { name: typeLabel });
  await expect(card).toBeVisible();
  await expect(card.getByText('Verdieping')).toBeVisible();
  await expect(card.getByRole('link').first()).toHaveAttribute('href', /^\/lifts\/\d+$/);
  await expect(card.getByRole('heading', { name: 'Oproepen tijdens dit event' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Bezoeken tijdens dit event' })).toBeVisible();
});

test('a client-light user has no Events menu item and sees no events at /events', async ({ page }) => {
  await logIn(page, demoUsers.client);
  const menu = page.getByRole('navigation', { name: shellTexts.nl.menu });
  await expect(menu.getByRole('link', { name: 'Oproepen', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Events' })).toHaveCount(0);

  let eventRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/liftwacht/events')) eventRequests += 1;
  });
  await page.goto('/events');
  await expect(page.getByText('U heeft geen toegang tot events.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(eventRequests).toBe(0);
});

test('an event published over MQTT waits behind the "new" marker on the open list and closes in place', async ({
  page,
}) => {
  await logIn(page, demoUsers.admin);
  const stored = () => page.evaluate(() => localStorage.getItem('liftwacht-organisation-id'));
  await expect.poll(stored).not.toBeNull();
  const organisationId = Number(await stored());
  const { lift, freeFaults } = await liftWithModule(page, '', organisationId);
  const [fault] = freeFaults;
  if (!fault) throw new Error('the lift reports every fault already');
  const address = (await apiData<Lift>(page, `/lift/${String(lift.id)}`)).details.address ?? '';

  const following = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes(`{"data":{"organisationId":${String(organisationId)}}}`)) resolve();
      });
    });
  });
  await page.goto('/events');
  const table = page.getByRole('table', { name: 'Events' });
  await expect(table).toBeVisible();
  // Closed events stay listed, so the new one is found whether or not the simulator ends it first.
  await page.getByRole('switch', { name: 'Gesloten events tonen' }).check();
  await expect(page.getByText(/^\d+–\d+ van \d+$/)).toBeVisible();
  await following;
  const firstRow = await table.getByRole('row').nth(1).textContent();

  await publishModuleMessage(lift.esNumber, moduleFrame({ faults: [fault], floor: 2 }));
  try {
    const marker = page.getByRole('button', { name: /^\d+ nieuwe? events? tonen$/ });
    await expect(marker).toBeVisible({ timeout: 5000 });
    // The table did not move: its first row is the one it was.
    expect(await table.getByRole('row').nth(1).textContent()).toBe(firstRow);
    expect(await seriousViolations(page)).toEqual([]);
    await marker.click();
    await expect(marker).toHaveCount(0);
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: faultTexts[fault] ?? fault, exact: true }) })
      .filter({ hasText: address });
    await expect(row.first()).toBeVisible();

    await publishModuleMessage(lift.esNumber, moduleFrame({ faults: [] }));
    await expect(row.first()).toContainText('Gesloten', { timeout: 5000 });
  } finally {
    await publishModuleMessage(lift.esNumber, moduleFrame({ faults: [] }));
  }
});

test('on a phone the events list is one entry per event, without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demoUsers.admin);
  await page.goto('/events');
  await page.getByRole('switch', { name: 'Gesloten events tonen' }).check();
  const list = page.getByRole('list', { name: 'Events' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Events' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // The event itself, with its calls and visits, fits too.
  await list.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Oproepen tijdens dit event' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
