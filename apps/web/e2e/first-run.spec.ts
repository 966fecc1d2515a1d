// Issue 16: a portal started without the demo (SEED_DEMO=false) is empty; the first administrator
// is created from the login page with the one-time setup token the server printed at start, and the
// offer is gone for good once that user exists.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ env: { SEED_DEMO: 'false' } });
});
test.afterAll(async () => {
  await server.dispose();
});

test('creates the first administrator with the setup token, who can then administer', async ({ page }) => {
  const token = /^\s{4}([A-Za-z0-9_-]{20,})\s*$/m.exec(server.output())?.[1];
  expect(token, 'the start-up banner shows the setup token').toBeDefined();

  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Eerste beheerder aanmaken' }).click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Installatietoken').fill('not-the-token');
  await page.getByLabel('Naam van uw organisatie').fill('Liftwacht Beheer');
  await page.getByLabel('Gebruikersnaam').fill('beheer');
  await page.getByLabel('Naam', { exact: true }).fill('Eerste Beheerder');
  await page.getByLabel('E-mailadres').fill('beheer@liftwacht.example');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Eerste-beheer-2026');
  await page.getByLabel('Herhaal wachtwoord').fill('Eerste-beheer-2026');
  await page.getByRole('button', { name: 'Beheerder aanmaken' }).click();
  await expect(page.getByText('Dit installatietoken klopt niet', { exact: false })).toBeVisible();

  await page.getByLabel('Installatietoken').fill(token ?? '');
  await page.getByRole('button', { name: 'Beheerder aanmaken' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The platform administrator administers: organisations are in its menu.
  await expect(page.getByRole('link', { name: 'Organisaties' })).toBeVisible();

  // Gone for good: a fresh visitor sees no setup offer, and the API refuses a second setup.
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no second page');
  await other.goto(`${server.url}/login`);
  await expect(other.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Eerste beheerder aanmaken' })).toHaveCount(0);
  const again = await other.request.post(`${server.url}/liftwacht/setup`, {
    data: {
      token: token ?? '',
      organisationName: 'Nog een',
      username: 'tweede',
      name: 'Tweede',
      email: 'tweede@liftwacht.example',
      password: 'Tweede-beheer-2026',
      locale: 'nl',
    },
  });
  expect(again.status()).toBe(404);
  await other.close();
});
