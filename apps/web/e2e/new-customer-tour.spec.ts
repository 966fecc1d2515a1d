// Issue 41: the tour a new customer takes, from an empty install (SEED_DEMO=false) to a fleet at
// work. The first administrator from the setup token; two organisations (an owner, a maintenance
// company) and a grant; an invited mechanic; two lifts by form and five by import (with the form's
// own words and an inspection column); a module registered and reporting over MQTT; the event live
// on the open events page and the dashboard following; on a 390 × 844 phone the mechanic at the
// sticker sees the fault, records a visit and a logbook line, and the administrator an inspection.
// The simulator runs (SIMULATOR=on) the whole time and never speaks for the registered module.
// axe checks every page the tour visits.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SenseDataResponse } from '@liftwacht/contracts/sense';
import { seriousViolations } from './support/axe.ts';
import { apiData, storedToken } from './support/dashboard.ts';
import { fillLogin } from './support/demo.ts';
import { moduleFrame, publishModuleMessage } from './support/modules.ts';
import { readResetLink } from './support/outbox.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

const phone = { width: 390, height: 844 };
const admin = { username: 'beheer', password: 'Eerste-beheer-2026' };
const mechanic = { username: 'monteur-jan', password: 'Monteur-jan-2026' };
const owner = 'Woonstichting Rondgang';
const company = 'Liftservice Rondgang';
const esNumber = 'ES-TOUR-1';

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ env: { SEED_DEMO: 'false', SIMULATOR: 'true' } });
});
test.afterAll(async () => {
  await server.dispose();
});

/** No serious axe findings on the page as it is now. */
async function axeClean(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

async function openFromAdminMenu(page: Page, entry: string): Promise<void> {
  const beheer = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('list', { name: 'Beheer' });
  await beheer.getByRole('link', { name: entry }).click();
  await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
}

async function pickOrganisation(page: Page, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Kies een organisatie' });
  await picker.click();
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  await expect(picker).toHaveValue(name);
}

async function newContext(browser: Browser, viewport?: { width: number; height: number }) {
  return browser.newContext({
    baseURL: server.url,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    ...(viewport ? { viewport } : {}),
  });
}

async function createOrganisation(page: Page, name: string, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe organisatie' });
  await dialog.getByLabel('Naam').fill(name);
  await dialog.getByLabel('Type').selectOption({ label: type });
  await axeClean(page);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
}

async function createLiftByForm(page: Page, name: string, address: string): Promise<number> {
  await page.goto('/lifts/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe lift' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Adres' }).fill(address);
  await page.getByRole('textbox', { name: 'Plaats' }).fill('Utrecht');
  await page.getByLabel('In gebruik genomen').fill('2015-03-01');
  await axeClean(page);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/lifts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return Number(/\/lifts\/(\d+)$/.exec(page.url())?.[1]);
}

test('a new customer sets up a fleet from an empty install and works on it from a phone', async ({ browser }) => {
  test.setTimeout(300_000);
  expect(server.output()).toContain("Module simulator: on for the demo fleet's modules only");
  const token = /^\s{4}([A-Za-z0-9_-]{20,})\s*$/m.exec(server.output())?.[1] ?? '';
  expect(token, 'the start-up banner shows the setup token').not.toBe('');

  const desk = await newContext(browser);
  const page = await desk.newPage();
  try {
    // 1. The first administrator, from the setup token.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Eerste beheerder aanmaken' }).click();
    await page.getByLabel('Installatietoken').fill(token);
    await page.getByLabel('Naam van uw organisatie').fill('Liftwacht Rondgang');
    await page.getByLabel('Gebruikersnaam').fill(admin.username);
    await page.getByLabel('Naam', { exact: true }).fill('Eerste Beheerder');
    await page.getByLabel('E-mailadres').fill('beheer@rondgang.example');
    await page.getByLabel('Wachtwoord', { exact: true }).fill(admin.password);
    await page.getByLabel('Herhaal wachtwoord').fill(admin.password);
    await axeClean(page);
    await page.getByRole('button', { name: 'Beheerder aanmaken' }).click();
    // The first administrator lands on what is left to set up.
    await expect(page).toHaveURL(/\/admin\/get-started$/);
    await expect(page.getByText('0 van 4 stappen gedaan')).toBeVisible();
    await axeClean(page);

    // 2. Two organisations and a grant.
    await openFromAdminMenu(page, 'Organisaties');
    await axeClean(page);
    await createOrganisation(page, owner, 'Eigenaar');
    await createOrganisation(page, company, 'Onderhoudsbedrijf');
    await openFromAdminMenu(page, 'Toegang');
    await page.getByRole('button', { name: 'Toegang geven' }).click();
    const grant = page.getByRole('dialog', { name: 'Toegang geven' });
    await grant.getByLabel('Bedrijf (onderhoud of keuring)').selectOption({ label: company });
    await grant.getByLabel('Klant').selectOption({ label: owner });
    await axeClean(page);
    await grant.getByRole('button', { name: 'Toegang geven' }).click();
    await expect(grant).toBeHidden();
    await axeClean(page);

    // 3. The mechanic of the maintenance company, invited by mail.
    const since = Date.now() - 1000;
    const email = 'jan@liftservice-rondgang.example';
    await openFromAdminMenu(page, 'Gebruikers');
    await page.getByRole('button', { name: 'Gebruiker uitnodigen' }).click();
    const invite = page.getByRole('dialog', { name: 'Gebruiker uitnodigen' });
    await invite.getByLabel('Gebruikersnaam').fill(mechanic.username);
    await invite.getByLabel('Organisatie').selectOption({ label: company });
    await invite.getByRole('textbox', { name: 'Naam', exact: true }).fill('Jan Monteur');
    await invite.getByLabel('E-mailadres').fill(email);
    await invite.getByRole('checkbox', { name: 'Gebruiker', exact: true }).uncheck();
    await invite.getByRole('checkbox', { name: 'Monteur' }).check();
    await axeClean(page);
    await invite.getByRole('button', { name: 'Uitnodiging versturen' }).click();
    await expect(invite).toBeHidden();
    const link = await readResetLink(email, since, server.dataDir);

    // 4. Two lifts by form, five by import in the form's own words, in the owner's organisation.
    await pickOrganisation(page, owner);
    const first = await createLiftByForm(page, 'Rondganglift Oost', 'Oudegracht 10');
    await createLiftByForm(page, 'Rondganglift West', 'Oudegracht 12');
    await page.goto('/lifts/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Liften importeren' })).toBeVisible();
    const csv = [
      'Naam;Adres;Plaats;Eigenaarsnummer;Type installatie;In gebruik genomen;Laatste keuring;Keuringsresultaat;Keuring geldig tot',
      ...[1, 2, 3, 4, 5].map(
        (n) =>
          `Importlift ${n};Stationsplein ${n};Utrecht;RG-${n};MRL;2019-0${n}-01;2025-0${n}-15;goedgekeurd;2026-1${n % 3}-15`,
      ),
    ].join('\r\n');
    await page.getByLabel('Spreadsheet kiezen').setInputFiles({
      name: 'rondgang.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
    });
    await page.getByRole('button', { name: 'Uploaden en controleren' }).click();
    await expect(page.getByText('Nieuw: 5')).toBeVisible();
    await expect(page.getByText('Fouten: 0')).toBeVisible();
    await expect(page.getByText('Keuringen: 5')).toBeVisible();
    await axeClean(page);
    await page.getByRole('button', { name: 'Importeren' }).click();
    await expect(page.getByText(/5 liften aangemaakt, 0 bijgewerkt/)).toBeVisible();
    await axeClean(page);

    // 5. A module registered on the first lift, reporting over MQTT.
    await openFromAdminMenu(page, 'Modules');
    await axeClean(page);
    const organisationId = Number(await page.evaluate(() => localStorage.getItem('liftwacht-organisation-id')));
    const registered = await page.request.post(`${server.url}/liftwacht/admin/modules`, {
      headers: { Authorization: `Bearer ${await storedToken(page)}` },
      data: { esNumber, organisationId, liftId: first },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/admin/get-started');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(/Liftwacht inrichten:/)).toHaveCount(0);

    // 6. The dashboard counts the fleet; the events page follows the module live.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('7 liften', { exact: false }).first()).toBeVisible();
    await axeClean(page);
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await axeClean(page);
    const callId = randomUUID();
    await publishModuleMessage(
      esNumber,
      moduleFrame({ floor: 3, available: false, faults: ['emergency_stop'], alarmCall: { callId, phase: 'received' } }),
      server.mqttPort,
    );
    const marker = page.getByRole('button', { name: /^\d+ nieuwe? events? tonen$/ });
    await expect(marker).toBeVisible({ timeout: 10_000 });
    await marker.click();
    await expect(page.getByText('Noodstop tijdens de rit').first()).toBeVisible();
    await axeClean(page);
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('link', { name: /^Liften buiten gebruik 1$/ })).toBeVisible({ timeout: 10_000 });

    // 7. On a phone: the mechanic sets his password, scans the sticker, sees what is wrong.
    const field = await newContext(browser, phone);
    const monteur = await field.newPage();
    try {
      await monteur.goto(link);
      await monteur.getByLabel('Nieuw wachtwoord', { exact: true }).fill(mechanic.password);
      await monteur.getByLabel('Herhaal nieuw wachtwoord').fill(mechanic.password);
      await axeClean(monteur);
      await monteur.getByRole('button', { name: 'Wachtwoord instellen' }).click();
      await expect(monteur).toHaveURL(/\/login$/);
      await monteur.goto(`/lifts/${String(first)}?sticker=1`);
      await fillLogin(monteur, mechanic.username, mechanic.password);
      await expect(monteur).toHaveURL(new RegExp(`/lifts/${String(first)}$`));
      const summary = monteur.getByRole('region', { name: 'De lift nu' });
      await expect(summary.getByRole('status').first()).toContainText('Buiten gebruik');
      await expect(summary.getByText('Noodstop tijdens de rit').first()).toBeVisible();
      await expect(summary.getByText('Open alarmoproep: Ontvangen')).toBeVisible();
      await axeClean(monteur);
      expect(await monteur.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

      // A visit, and a logbook line while on site.
      const recorder = monteur.getByRole('region', { name: 'Bezoek ter plaatse' });
      await recorder.getByRole('button', { name: 'Bezoek starten' }).click();
      const start = recorder.getByRole('form', { name: 'Een bezoek starten' });
      await start.getByLabel('Type').selectOption('repair');
      await start.getByRole('button', { name: 'Starten' }).click();
      const open = recorder.getByRole('form', { name: 'Reparatie bezig' });
      await expect(open).toBeVisible();
      await axeClean(monteur);
      const history = monteur.getByRole('checkbox', { name: 'Logboek' });
      if (!(await history.isChecked())) await history.check();
      const logbook = monteur.getByRole('region', { name: 'Logboek', exact: true });
      await logbook.getByRole('button', { name: 'Regel toevoegen' }).click();
      const entry = monteur.getByRole('dialog', { name: 'Logboekregel toevoegen' });
      await entry.getByLabel(/Omschrijving/).fill('Noodstop gereset, veiligheidscircuit gecontroleerd');
      await axeClean(monteur);
      await entry.getByRole('button', { name: 'Opslaan' }).click();
      await expect(entry).toBeHidden();
      await expect(logbook.getByText('Noodstop gereset, veiligheidscircuit gecontroleerd')).toBeVisible();
      await publishModuleMessage(esNumber, moduleFrame({ floor: 0, available: true, faults: [] }), server.mqttPort);
      await open.getByLabel('Opmerkingen').fill('Noodstop gereset');
      await open.getByRole('button', { name: 'Afronden' }).click();
      await expect(open).toHaveCount(0);
      await axeClean(monteur);
      // His dashboard counts the lifts his company serves, not the none it owns.
      await monteur.goto('/dashboard');
      await expect(monteur.getByText(/^7 liften/).first()).toBeVisible();
      await axeClean(monteur);
    } finally {
      await field.close();
    }

    // 8. The administrator records the keuring on a phone too.
    await page.setViewportSize(phone);
    await page.goto(`/lifts/${String(first)}`);
    const inspections = page.getByRole('region', { name: 'Keuringen', exact: true });
    await inspections.getByRole('button', { name: 'Keuring vastleggen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Keuring vastleggen' });
    await expect(dialog.getByLabel('Geldig tot')).not.toHaveValue('');
    await axeClean(page);
    await dialog.getByRole('button', { name: 'Vastleggen' }).click();
    await expect(dialog).toBeHidden();
    await expect(inspections.getByRole('listitem').first()).toContainText('Goedgekeurd');
    await axeClean(page);

    // 9. The dashboard follows: the lift is back in service. And the simulator, on all along, never
    // spoke for the registered module: the page heard only what the tour itself published.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('link', { name: /^Liften buiten gebruik 0$/ })).toBeVisible({ timeout: 10_000 });
    await axeClean(page);
    const sense = await apiData<SenseDataResponse['data']>(page, `/lift/${String(first)}/sense-data`);
    expect(sense.items.map((item) => item.key).filter((key) => /^[fe]\d+$/.test(key))).toEqual([]);
    const events = await apiData<{ items: { type: string }[] }>(page, '/events', {
      organisationId,
      liftIds: first,
      showClosed: 'true',
      limit: 100,
      offset: 0,
    });
    expect(new Set(events.items.map((event) => event.type))).toEqual(
      new Set(['en627_emergency_stop', 'unavailable', 'alarm_call']),
    );
  } finally {
    await desk.close();
  }
});
