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

test('the profile dialog’s forms have none either, and fit a mechanic’s phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demoUsers.monteur);
  for (const form of ['Gegevens wijzigen', 'Wachtwoord wijzigen']) {
    // A fresh page each time; on a phone the menu, and the account button in it, is a drawer.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await (await openProfile(page)).getByRole('button', { name: form }).click();
    // The dialog takes the form's title while it shows the form.
    const dialog = page.getByRole('dialog', { name: form });
    const save = dialog.getByRole('button', { name: 'Opslaan' });
    await expect(save).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Touch targets on a phone: at least 44 px high.
    expect((await save.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();
  }
});
