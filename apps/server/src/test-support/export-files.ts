// The export tests' world (a test app, the four lifts, the rows to export, a user's token), and
// an export's answer read back as a user's software would: the CSV with a real CSV parser
// (csv-parse), the XLSX with a real XLSX reader (exceljs), and the list API's pages to compare.
import { parse } from 'csv-parse/sync';
import type { InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { insertFourLifts } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type FourLifts = Awaited<ReturnType<typeof insertFourLifts>>;

/**
 * A test app with the four lifts (test-support/fixtures.ts) and the rows `rows` makes for them
 * inserted into `table` 500 at a time, in their order; the token is test-user's.
 */
export async function exportTestWorld<T extends PgTable>(
  table: T,
  rows: (lift: FourLifts) => InferInsertModel<T>[],
): Promise<{ t: TestApp; token: string; lift: FourLifts }> {
  const t = await createTestApp();
  const lift = await insertFourLifts(t.database.db, t.fixtures.org);
  const all = rows(lift);
  for (let i = 0; i < all.length; i += 500) await t.database.db.insert(table).values(all.slice(i, i + 500));
  return { t, token: await t.login('test-user'), lift };
}

/** GET /liftwacht{url} with a bearer token. */
export const getWithToken = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${token}` } });

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
