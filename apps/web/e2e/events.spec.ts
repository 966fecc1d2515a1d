import { expect, test } from '@playwright/test';
import { demoUsers, logIn, shellTexts } from './support/demo.ts';

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
