// Reads an export's answer back as a user's software would: the CSV with a real CSV parser
// (csv-parse), the XLSX with a real XLSX reader (exceljs), and the list API's pages to compare.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** The CSV's records (header first), checking the BOM and the language's separator. */
export function csvRecords(res: LightMyRequestResponse, delimiter: ';' | ','): string[][] {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(res.rawPayload, { bom: true, delimiter });
}

/** The first worksheet's rows (header first), each cell's value or null, `width` cells a row. */
export async function xlsxRows(res: LightMyRequestResponse, width: number): Promise<unknown[][]> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).value ?? null)));
  return rows;
}

/** Every page of a list route (`{ data: { items, total } }`), 100 at a time. */
export async function listAll<T>(t: TestApp, token: string, url: string): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}limit=100&offset=${offset}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: { items: T[]; total: number } }>().data;
    items.push(...page.items);
    if (offset + 100 >= page.total) return items;
  }
}

/** The local (Europe/Amsterdam) wall-clock time of an instant, as the CSV writes it. */
export function localMoment(iso: string | null): string {
  if (iso === null) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The XLSX cell of a moment: its local wall-clock time as a date. */
export const xlsxMoment = (iso: string | null) =>
  iso === null ? null : new Date(`${localMoment(iso).replace(' ', 'T')}Z`);
