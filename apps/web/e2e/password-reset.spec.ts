import { expect, test, type Page } from '@playwright/test';
import { demoPassword, demoUsers, logIn, logOut } from './support/demo.ts';
import { readResetLink } from './support/outbox.ts';

// Runs the reset on demo-onderhoud and sets the demo password back at the end, so the other
// flows (and a rerun against the same data) keep working.
const username = demoUsers.onderhoud;
const email = `${username}@liftwacht.example`;
const newPassword = 'Nieuw-wachtwoord-2026!';

/** Requests a reset mail, follows its link and sets `password`; returns the link's path. */
async function resetPassword(page: Page, password: string): Promise<string> {
  const since = Date.now() - 1000;
  await page.goto('/');
  await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
  const emailField = page.getByLabel('E-mailadres');
  await expect(emailField).toHaveAttribute('type', 'email');
  await emailField.fill(email);
  await page.getByRole('button', { name: 'Verstuur' }).click();
  await expect(page.getByText(/Als het adres bij een gebruiker bekend is/)).toBeVisible();

  const link = await readResetLink(email, since);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nieuw wachtwoord instellen' })).toBeVisible();
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('kort');
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('kort');
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await expect(page.getByText('Wachtwoord moet tenminste 8 karakters lang zijn')).toBeVisible();

  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(password);
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(`${password}x`);
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await expect(page.getByText('De wachtwoorden komen niet overeen')).toBeVisible();

  await page.getByLabel('Herhaal nieuw wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Uw wachtwoord is ingesteld. U kunt nu inloggen.')).toBeVisible();
  return link;
}

test('forgot password: the reset mail sets a new password that logs in', async ({ page }) => {
  const link = await resetPassword(page, newPassword);
  await logIn(page, username, newPassword);
  await logOut(page);

  // A used link cannot be used twice.
  await page.goto(link);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nog-een-wachtwoord-1');
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('Nog-een-wachtwoord-1');
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Deze herstellink is al gebruikt. Vraag een nieuwe aan.');

  // The old password no longer works.
  await page.goto('/login');
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill(demoPassword);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Inloggen mislukt, controleer uw gebruikersnaam en wachtwoord');

  // Put the demo password back.
  await resetPassword(page, demoPassword);
  await logIn(page, username, demoPassword);
});

test('an empty email sends no reset request', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/password-reset/request')) requests.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
  await page.getByRole('button', { name: 'Verstuur' }).click();
  await expect(page.getByLabel('E-mailadres')).toBeVisible();
  expect(requests).toEqual([]);
});
