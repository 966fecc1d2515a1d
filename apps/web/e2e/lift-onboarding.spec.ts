// Issue 17: an administrator onboards lifts through the form and a spreadsheet, finds them in the
// lifts search, decommissions one and exports the list; axe checks every new screen.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn } from './support/demo.ts';

// Unique per run, so a reused database never mixes in lifts of an earlier run.
const tag = `e2e${Date.now().toString(36)}`;

async function openLifts(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Liften' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liften' })).toBeVisible();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(text);
  await expect(page).toHaveURL(/[?&]search=/);
}

test('an admin creates, edits and decommissions a lift through the form', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await openLifts(page);
  await page.getByRole('link', { name: 'Nieuwe lift' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe lift' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);

  // The contract's checks answer before anything is sent.
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Vul een naam in (maximaal 200 tekens).')).toBeVisible();

  const name = `Formulierlift ${tag}`;
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Adres' }).fill('Oudegracht 10');
  await page.getByRole('textbox', { name: 'Plaats' }).fill('Utrecht');
  await page.getByRole('textbox', { name: 'Eigenaarsnummer' }).fill(`${tag}-F1`);
  await page.getByRole('spinbutton', { name: 'Onderhoudsinterval' }).fill('120');
  await page.getByLabel('In gebruik genomen').fill('2019-04-01');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/lifts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const liftUrl = page.url();

  await page.setViewportSize({ width: 1280, height: 900 });
  await openLifts(page);
  await search(page, tag);
  await expect(page.getByRole('table', { name: 'Liften' }).getByRole('link', { name })).toBeVisible();

  await page.goto(liftUrl);
  await page.getByRole('link', { name: 'Bewerken' }).click();
  await expect(page.getByRole('textbox', { name: 'Plaats' })).toHaveValue('Utrecht');
  await page.getByRole('textbox', { name: 'Plaats' }).fill('Amersfoort');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(liftUrl);
  const details = page.getByRole('region', { name: 'Liftgegevens' });
  await expect(details.getByText('Amersfoort')).toBeVisible();

  await page.getByRole('button', { name: 'Uit dienst nemen' }).click();
  const dialog = page.getByRole('dialog', { name: `${name} uit dienst nemen` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel(/Uit dienst vanaf/).fill('2026-01-15');
  await dialog.getByRole('button', { name: 'Uit dienst nemen' }).click();
  await expect(page.getByText('Uit dienst sinds 15 jan 2026')).toBeVisible();
  await page.getByRole('button', { name: 'Weer in dienst nemen' }).click();
  await expect(page.getByText(/Uit dienst sinds/)).toHaveCount(0);
});

test('an admin imports a spreadsheet, finds the new lifts in search and exports them', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await openLifts(page);
  await page.getByRole('link', { name: 'Importeren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liften importeren' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Dutch headers, semicolons and a byte order mark, as Excel saves "CSV (puntkomma)".
  const csv = [
    'Naam;Adres;Postcode;Plaats;Eigenaarsnummer;Onderhoudsinterval (dagen);Type installatie;In gebruik genomen;Laatste keuring;Keuringsresultaat;Opmerking',
    `Importlift Noord ${tag};Stationsplein 1;3511 ED;Utrecht;${tag}-1;90;MRL;2018-06-01;2025-05-01;goedgekeurd;nieuw`,
    `Importlift Zuid ${tag};Stationsplein 2;3511 ED;Utrecht;${tag}-2;180;MRL;;;;nieuw`,
  ].join('\r\n');
  await page.getByLabel('Spreadsheet kiezen').setInputFiles({
    name: `liften-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
  });
  await page.getByRole('button', { name: 'Uploaden en controleren' }).click();

  await expect(page.getByText('Nieuw: 2')).toBeVisible();
  await expect(page.getByText('Fouten: 0')).toBeVisible();
  await expect(page.getByText('Keuringen: 1')).toBeVisible();
  // An unknown column blocks the import until it is ignored.
  await expect(page.getByText(/Kolom 11: “Opmerking”/)).toBeVisible();
  const rows = page.getByRole('table', { name: 'Regels van het bestand' });
  await expect(rows.getByText(`Importlift Noord ${tag}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await expect(page.getByRole('button', { name: 'Importeren' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Kolom “Opmerking” negeren' }).check();
  await page.getByRole('button', { name: 'Importeren' }).click();
  await expect(page.getByText(/2 liften aangemaakt, 0 bijgewerkt/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Naar de liftenlijst' }).click();
  await search(page, tag);
  const table = page.getByRole('table', { name: 'Liften' });
  await expect(table.getByRole('link', { name: `Importlift Noord ${tag}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Importlift Zuid ${tag}` })).toBeVisible();
  // The form's lift of the other flow carries the tag as well, when it ran first.
  const total = page.getByText(/^[23] liften$/);
  await expect(total).toBeVisible();
  const listed = Number.parseInt((await total.textContent()) ?? '', 10);

  await page.getByRole('button', { name: 'Exporteren' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const content = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = content.split(/\r?\n/).filter((line) => line.trim() !== '');
  // The header, then exactly the lifts the list shows.
  expect(lines).toHaveLength(listed + 1);
  expect(lines[0]).toMatch(/Naam/);
  expect(content).toContain(`Importlift Noord ${tag}`);
  expect(content).toContain(`Importlift Zuid ${tag}`);
  await expect(page.getByRole('button', { name: 'Exporteren' })).toBeEnabled();
});
