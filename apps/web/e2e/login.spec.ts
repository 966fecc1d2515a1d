import { expect, test } from '@playwright/test';
import { demoUsers, fillLogin, logIn, logOut } from './support/demo.ts';

test.describe('login', () => {
  test('shows the version and logs a demo user in to the dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await expect(page.getByText(/^Versie \d+\.\d+\.\d+/)).toBeVisible();
    await fillLogin(page, demoUsers.admin, 'Liftwacht-demo-2026');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  });

  test('keeps the session over a reload', async ({ page }) => {
    await logIn(page, demoUsers.user);
    await page.goto('/lifts');
    await page.reload();
    await expect(page).toHaveURL(/\/lifts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Liften' })).toBeVisible();
    // A signed-in user on the root goes on to the dashboard.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('rejects a wrong password with the Dutch message and clears the password', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, demoUsers.admin, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Inloggen mislukt, controleer uw gebruikersnaam en wachtwoord');
    await expect(page.getByLabel('Wachtwoord')).toHaveValue('');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('asks for the password in a top-left toast when it is empty', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Gebruikersnaam').fill(demoUsers.admin);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    const toast = page.getByText('Wachtwoord moet ingevuld zijn');
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x < viewport.width / 2 && box.y < viewport.height / 2).toBe(true);
  });

  test('logs out to the login page and forgets the session', async ({ page }) => {
    await logIn(page, demoUsers.admin);
    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('liftwacht-token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  });

  test('sends a stale session to /login', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('liftwacht-token', 'not-a-valid-token'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('liftwacht-token'))).toBeNull();
  });
});
