import { expect, test } from '@playwright/test';
import { demoUsers, fillLogin } from './support/demo.ts';

test('an event link without a session asks to log in and opens the event afterwards', async ({ page }) => {
  await page.goto('/events/7');
  await expect(page.getByText('Log in om het gevraagde lift-event te zien')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await fillLogin(page, demoUsers.user, 'Liftwacht-demo-2026');

  await expect(page).toHaveURL(/\/events\/7$/);
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('liftwacht-deep-link-event-id'))).toBeNull();
});
