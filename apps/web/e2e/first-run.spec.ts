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
  // Nothing asks for figures of an organisation without lifts (the platform organisation owns none).
  const figureRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/liftwacht\/(stats|current-state)(\?|$)/.test(request.url())) figureRequests.push(request.url());
  });
  await page.getByRole('button', { name: 'Beheerder aanmaken' }).click();
  // The first administrator lands on what is left to set up, each step linking to where it is done.
  await expect(page).toHaveURL(/\/admin\/get-started$/);
  const steps = page.getByRole('list', { name: 'Stappen om Liftwacht in te richten' });
  await expect(steps.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('0 van 4 stappen gedaan')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The platform administrator administers: organisations are in its menu.
  await expect(
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Organisaties' }),
  ).toBeVisible();

  // Step 1 from its link: an organisation, its type explained where it is chosen.
  await steps.getByRole('link', { name: 'Naar organisaties' }).click();
  await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe organisatie' });
  await dialog.getByRole('textbox', { name: 'Naam' }).fill('Woonstichting Eerste');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('owner');
  await expect(dialog.getByText(/Bezit liften en is ervoor verantwoordelijk/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`${server.url}/admin/get-started`);
  await expect(page.getByText('1 van 4 stappen gedaan')).toBeVisible();
  await expect(steps.getByRole('listitem').first()).toContainText('1 organisatie');

  // The dashboard says how far setting up is; the platform organisation has no lifts, and its
  // figures are not asked.
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByText('Liftwacht inrichten: 1 van 4 stappen gedaan.')).toBeVisible();
  await expect(page.getByText('Organisatie heeft geen liften')).toBeVisible();
  expect(figureRequests).toEqual([]);

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
