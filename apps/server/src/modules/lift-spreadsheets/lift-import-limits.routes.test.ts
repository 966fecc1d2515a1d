import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftImportKeptHours, liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import { liftImports } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { csvFile, importClient, previewOf, xlsxFile } from './lift-spreadsheets-test-support.ts';

let t: TestApp;
let client: ReturnType<typeof importClient>;
const admin = 'test-admin';
let owner = 0;

beforeAll(async () => {
  t = await createTestApp();
  client = importClient(t);
  ({ owner } = t.fixtures.org);
});

afterAll(async () => {
  await t.close();
});

const errorOf = (res: LightMyRequestResponse) => res.json<{ error: { code: string; message: string } }>().error;

/** GET /health every 20 ms while `work` runs; answers the slowest answer's time. */
async function slowestHealthDuring(work: Promise<unknown>): Promise<number> {
  const state = { done: false };
  let slowest = 0;
  const probing = (async () => {
    while (!state.done) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/liftwacht/health' });
      expect(res.statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await work.finally(() => {
    state.done = true;
  });
  await probing;
  return slowest;
}

describe('lift import limits, read off the main thread', () => {
  it('refuses the row after the 50,000th with content while /health keeps answering', async () => {
    // A million rows: the reading stops at row 50,002 (the header is row 1).
    const file = Buffer.concat([Buffer.from('Naam;Adres\n'), Buffer.alloc(1_000_000 * 4, 'a;b\n')]);
    const upload = client.upload(admin, file, owner);
    const slowest = await slowestHealthDuring(upload);
    const res = await upload;
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'validation_failed' });
    expect(errorOf(res).message).toContain(liftImportLimits.maxRows.toLocaleString('en'));
    expect(slowest).toBeLessThan(1000);
  });

  it('refuses a long cell, a long header, a line of commas and a long record, in CSV and XLSX, naming the limit', async () => {
    const cases: [string, Buffer, RegExp][] = [
      [
        'cell',
        csvFile(
          [
            ['Naam', 'Adres'],
            ['x'.repeat(liftImportLimits.cellLength + 1), 'A'],
          ],
          ';',
        ),
        /row 2, column 1.*1,000 characters/,
      ],
      [
        'header',
        csvFile([['Naam', 'Adres', 'h'.repeat(liftImportLimits.headerLength + 1)]], ';'),
        /column 3.*200 characters/,
      ],
      ['commas', Buffer.from(`Naam,Adres\n${','.repeat(100_000)}\n`), /Row 2 has more than 200 columns/],
      // One record over several lines (line breaks inside quotes), 150 fields on each.
      [
        'chained',
        Buffer.from(`Naam,Adres\n${`${','.repeat(150)}"\n"`.repeat(3)}\n`),
        /Row 2 has more than 200 columns/,
      ],
      [
        'record',
        Buffer.from(`Naam;Adres\n"${'y'.repeat(liftImportLimits.recordLength + 10)}"\n`),
        /Row 2 is longer than 200,000 characters/,
      ],
      [
        'xlsx cell',
        await xlsxFile([
          ['Naam', 'Adres'],
          ['z'.repeat(liftImportLimits.cellLength + 1), 'A'],
        ]),
        /longer than 1,000 characters/,
      ],
    ];
    for (const [name, file, message] of cases) {
      const res = await client.upload(admin, file, owner);
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res).message, name).toMatch(message);
      expect(res.body.length, name).toBeLessThan(1000);
    }
  });

  it('stores the rows read, not the file, and previews them without reading the file again', async () => {
    const res = await client.upload(
      admin,
      csvFile(
        [
          ['Naam', 'Adres', 'In bedrijf sinds'],
          ['Lift A', 'Straat 1', '2015-03-01'],
          // Delimiters inside quotes are text, not columns.
          [`Lift B${';'.repeat(300)}`, 'Straat 2', ''],
        ],
        ';',
      ),
      owner,
    );
    expect(res.statusCode).toBe(201);
    const { id } = previewOf(res);
    const [row] = await t.database.db.select().from(liftImports).where(eq(liftImports.id, id));
    expect(row?.content).toBeNull();
    expect(row?.sheet?.length).toBeGreaterThan(0);
    const again = await client.preview(admin, id);
    expect(again.statusCode).toBe(200);
    expect(previewOf(again).rows).toEqual(previewOf(res).rows);
    expect(previewOf(res).counts).toMatchObject({ rows: 2, create: 1, error: 1 });
  });

  it('previews and applies an import stored with its file, before the rows were kept', async () => {
    const [row] = await t.database.db
      .insert(liftImports)
      .values({
        organisationId: owner,
        userId: t.fixtures.user.admin.id,
        fileName: 'oud.csv',
        format: 'csv',
        content: csvFile(
          [
            ['Naam', 'Adres'],
            ['Lift Oud', 'Straat 9'],
          ],
          ';',
        ),
        createdAt: t.clock.now(),
      })
      .returning({ id: liftImports.id });
    const id = row?.id ?? '';
    const preview = await client.preview(admin, id);
    expect(preview.statusCode).toBe(200);
    expect(previewOf(preview).counts).toMatchObject({ rows: 1, create: 1 });
    expect((await client.apply(admin, id)).statusCode).toBe(200);
  });

  it(`forgets an import ${String(liftImportKeptHours)} hours after its upload or its apply (404), and the pass deletes it`, async () => {
    const abandoned = previewOf(
      await client.upload(
        admin,
        csvFile(
          [
            ['Naam', 'Adres'],
            ['Lift B', 'Straat 2'],
          ],
          ';',
        ),
        owner,
      ),
    );
    t.clock.advance(12 * 3_600_000);
    // Sessions do not last half a day: sign in again after each jump.
    client = importClient(t);
    const applied = previewOf(
      await client.upload(
        admin,
        csvFile(
          [
            ['Naam', 'Adres'],
            ['Lift C', 'Straat 3'],
          ],
          ';',
        ),
        owner,
      ),
    );
    expect((await client.apply(admin, applied.id)).statusCode).toBe(200);
    t.clock.advance(12 * 3_600_000);
    client = importClient(t);
    // 24 h after the first upload; 12 h after the apply.
    expect((await client.preview(admin, abandoned.id)).statusCode).toBe(404);
    expect((await client.apply(admin, abandoned.id)).statusCode).toBe(404);
    expect((await client.preview(admin, applied.id)).statusCode).toBe(200);
    const deleted = await t.app.liftImports.expiry.runOnce();
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ id: liftImports.id }).from(liftImports);
    expect(left.map((r) => r.id)).not.toContain(abandoned.id);
    expect(left.map((r) => r.id)).toContain(applied.id);
    t.clock.advance(12 * 3_600_000);
    client = importClient(t);
    expect((await client.preview(admin, applied.id)).statusCode).toBe(404);
    await t.app.liftImports.expiry.runOnce();
    const after = await t.database.db.select({ id: liftImports.id }).from(liftImports);
    expect(after.map((r) => r.id)).not.toContain(applied.id);
  });
});
