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
  // The filtered rows, not the unfiltered ones still shown while the new page loads.
  await expect
    .poll(async () => {
      const types = await table.locator('tbody tr td:first-child').allTextContents();
      return types.length > 0 && types.every((type) => type === 'Alarmoproep');
    })
    .toBe(true);
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
  // The list's lift cell is the name with the address under it; the export has a column each.
  expect(rows.slice(0, shownLifts.length).map((row) => `${row[1] ?? ''}${row[2] ?? ''}`)).toEqual(shownLifts);
  for (const row of rows) expect(row[0]).toBe('Alarmoproep');

  const xlsx = await download(page, 'Excel (XLSX)');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.content as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  expect(sheet?.actualRowCount).toBe(total + 1);
  expect([sheet?.getRow(2).getCell(2).text, sheet?.getRow(2).getCell(3).text].join('')).toBe(shownLifts[0]);
  expect(sheet?.getRow(2).getCell(5).value).toBeInstanceOf(Date);
  await expect(page.getByRole('button', { name: 'Exporteren' })).toBeEnabled();
});

/**
 * A figure as the compare-periods page prints it (Dutch), as a number: seconds for durations; null
 * for the dash. `precision`: how much the page cut off (durations show whole units: "2 u 05 min"
 * drops the seconds, "7 d 10 u" the minutes).
 */
function pageNumber(text: string): { value: number; precision: number } | null {
  const cleaned = text
    .replace(/\u2212/g, '-')
    .replace(/ ?(%|procentpunt)$/, '')
    .trim();
  if (cleaned === '–') return null;
  const duration = /^([+-]?)(?:(\d+) d)? ?(?:(\d+) u)? ?(?:(\d+) min)? ?(?:(\d+) s)?$/.exec(cleaned);
  if (duration && /\d/.test(cleaned) && /[a-z]/.test(cleaned)) {
    const [, sign, days, hours, minutes, seconds] = duration;
    const total =
      Number(days ?? 0) * 86_400 + Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
    const precision = seconds !== undefined ? 1 : minutes !== undefined ? 60 : 3600;
    return { value: sign === '-' ? -total : total, precision };
  }
  return { value: Number(cleaned.replace(/\./g, '').replace(',', '.')), precision: 0 };
}

/** A CSV cell of the compare-periods export (Dutch) in the page's terms: seconds for durations. */
function fileNumber(cell: string, unit: string): number | null {
  if (cell === '') return null;
  const value = Number(cell.replace(',', '.'));
  return unit === 'minuten' ? value * 60 : unit === 'uren' ? value * 3600 : value;
}

test('a compare-periods export holds the figures the page shows for the month and the month before', async ({
  page,
}) => {
  await logIn(page, demoUsers.admin);
  await page.goto('/compare-periods');
  await expect(page.getByRole('heading', { level: 1, name: 'Periodes vergelijken' })).toBeVisible();
  const month = page.getByRole('table', { name: /^Maand: / });
  await expect(month).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The fleet lives (the simulator's modules report): the running month's figures may move between
  // reading the page and downloading. Read, download and compare until both agree.
  await expect(async () => {
    await page.reload();
    await expect(month).toBeVisible();
    const readTable = () =>
      month
        .getByRole('row')
        .evaluateAll((rows) =>
          rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent.trim())),
        );
    // Every cell has its figure (no loading placeholder left).
    await expect.poll(async () => (await readTable()).flat().filter((cell) => cell === '').length).toBe(0);
    const [[, current = '', previous = ''] = [], ...shown] = await readTable();

    const csv = await download(page, 'CSV');
    expect(csv.name).toMatch(/^periodes-vergelijken-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header = [], ...rows]: string[][] = parse(csv.content, { bom: true, delimiter: ';' });
    // The month table's two periods and its change, the first of the file's comparisons.
    expect(header.slice(0, 5)).toEqual([
      'Gegeven',
      'Eenheid',
      current,
      previous,
      `Verandering ${current} t.o.v. ${previous}`,
    ]);
    expect(rows.map((row) => row[0])).toEqual(shown.map((row) => row[0]));
    // Availability, inspections, maintenance and alarm figures: not a vacuous comparison.
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.some(([, value = '']) => (pageNumber(value)?.value ?? 0) !== 0)).toBe(true);
    shown.forEach(([label = '', ...cells], index) => {
      const [, unit = '', ...fileCells] = rows[index] ?? [];
      // Durations: the page prints whole units, the file minutes or hours with two decimals.
      const rounding = unit === 'minuten' ? 0.6 : unit === 'uren' ? 18 : 0;
      cells.forEach((cell, column) => {
        const onPage = pageNumber(cell);
        const inFile = fileNumber(fileCells[column] ?? '', unit);
        if (onPage === null || inFile === null) {
          expect(inFile, `${label}, column ${String(column + 1)}`).toBe(onPage?.value ?? null);
        } else {
          expect(
            Math.abs(inFile - onPage.value),
            `${label}, column ${String(column + 1)}: ${cell}`,
          ).toBeLessThanOrEqual(onPage.precision + rounding);
        }
      });
    });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Exporteren' })).toBeEnabled();
});
