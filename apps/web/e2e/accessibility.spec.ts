import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn, openProfile } from './support/demo.ts';

test('the login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/^Versie /)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page.getByLabel('E-mailadres')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell has no serious or critical accessibility violations', async ({ page }) => {
  await logIn(page, demoUsers.onderhoud);
  expect(await seriousViolations(page)).toEqual([]);
  await openProfile(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the lift header strip, the password reset page and the error page have none either', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await page.goto('/lifts/1');
  await expect(page.getByRole('region', { name: 'Geselecteerde lift' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/password-reset/some-token');
  await expect(page.getByRole('heading', { name: 'Nieuw wachtwoord instellen' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
