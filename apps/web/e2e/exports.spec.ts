import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn } from './support/demo.ts';

/** Chooses a format in the page's export menu and answers the downloaded file's name and bytes. */
async function download(page: Page, format: 'CSV' | 'Excel (XLSX)') {
  await page.getByRole('button', { name: 'Exporteren' }).click();
  const waiting = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), content: await readFile(await file.path()) };
}

test('an events export holds exactly what the filtered list shows, every page, in both formats', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  await page.goto('/events');
  const table = page.getByRole('table', { name: 'Events' });
  await expect(table).toBeVisible();
  await page.getByRole('switch', { name: 'Gesloten events tonen' }).check();
  await page.getByRole('button', { name: 'Filters (0 actief)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Events filteren' });
  await dialog.getByRole('combobox', { name: 'Typen' }).click();
  await page.getByRole('option', { name: 'Alarmoproep', exact: true }).click();
  await dialog.getByRole('button', { name: 'Toepassen' }).click();
  await expect(page.getByRole('button', { name: 'Filters (1 actief)' })).toBeVisible();
  const summary = page.getByText(/^\d+–\d+ van \d+$/);
  await expect(summary).toBeVisible();
  const total = Number((await summary.textContent())?.split(' van ')[1]);
  const shownLifts = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
  expect(shownLifts.length).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);

  const csv = await download(page, 'CSV');
  expect(csv.name).toMatch(/^gebeurtenissen-\d{4}-\d{2}-\d{2}\.csv$/);
  const records: string[][] = parse(csv.content, { bom: true, delimiter: ';' });
  const [header, ...rows] = records;
  expect(header).toEqual(['Type', 'Lift', 'Adres', 'Verdieping', 'Start', 'Einde', 'Duur (s)', 'Status']);
  // Every matching event, not the 25 of the page; the page's rows first, in its order.
  expect(rows).toHaveLength(total);
  expect(rows.slice(0, shownLifts.length).map((row) => row[1])).toEqual(shownLifts);
  for (const row of rows) expect(row[0]).toBe('Alarmoproep');

  const xlsx = await download(page, 'Excel (XLSX)');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.content as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  expect(sheet?.actualRowCount).toBe(total + 1);
  expect(sheet?.getRow(2).getCell(2).value).toBe(shownLifts[0]);
  expect(sheet?.getRow(2).getCell(5).value).toBeInstanceOf(Date);
  await expect(page.getByRole('button', { name: 'Exporteren' })).toBeEnabled();
});
