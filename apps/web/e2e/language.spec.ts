import { expect, test } from '@playwright/test';
import { demoUsers, fillLogin, shellTexts } from './support/demo.ts';

test('switches to English, keeps it over a reload and into the shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.getByLabel('Taal').selectOption({ label: 'English (UK)' });
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  await page.getByLabel('Password').fill('wrong');
  await page.getByLabel('Username').fill(demoUsers.admin);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed, check username and password');

  await fillLoginEnglish(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveText([...shellTexts.en.adminMenu]);

  await page.getByLabel('Language').selectOption({ label: 'Nederlands' });
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
});

async function fillLoginEnglish(page: import('@playwright/test').Page) {
  await page.getByLabel('Username').fill(demoUsers.admin);
  await page.getByLabel('Password').fill('Liftwacht-demo-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('the Dutch login form is the default', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, demoUsers.admin, 'Liftwacht-demo-2026');
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
});
