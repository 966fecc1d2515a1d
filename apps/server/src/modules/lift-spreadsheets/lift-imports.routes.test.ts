import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { LiftImportResult } from '@liftwacht/contracts/lift-spreadsheets';
import { auditLog, lifts, roles, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { fixturePassword } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { csvFile, importClient, previewOf, xlsxFile } from './lift-spreadsheets-test-support.ts';

let t: TestApp;
let client: ReturnType<typeof importClient>;
const admin = 'test-admin';
const systemAdmin = 'test-system-admin';
const maintenanceAdmin = 'test-maintenance-admin';
let owner = 0;
let stranger = 0;
let maintenance = 0;

beforeAll(async () => {
  t = await createTestApp();
  client = importClient(t);
  ({ owner, stranger, maintenance } = t.fixtures.org);
  // An administrator of the maintenance company, which may read the owner's lifts but not edit them.
  const [user] = await t.database.db
    .insert(users)
    .values({
      username: maintenanceAdmin,
      email: 'maintenance-admin@example.test',
      name: 'Onderhoud Beheerder',
      passwordHash: await hashPassword(fixturePassword),
      organisationId: maintenance,
      locale: 'nl',
    })
    .returning({ id: users.id });
  const [role] = await t.database.db.select().from(roles).where(eq(roles.name, 'admin'));
  await t.database.db.insert(userRoles).values({ userId: user?.id ?? 0, roleId: role?.id ?? 0 });
});

afterAll(async () => {
  await t.close();
});

const dutchHeader = [
  'Naam',
  'Adres',
  'Woonplaats',
  'Eigenaarsnummer',
  'Serienummer',
  'In bedrijf sinds',
  'Liftflow',
  'Onderhoudsinterval (dagen)',
  'Ritten tot onderhoud',
  'Opmerkingen',
];

async function liftsOf(organisationId: number) {
  return t.database.db.select().from(lifts).where(eq(lifts.organisationId, organisationId)).orderBy(lifts.id);
}

describe('upload and preview', () => {
  it('reads Dutch headers with semicolons and a BOM: conversions, problems per field, blank rows skipped', async () => {
    const file = csvFile(
      [
        dutchHeader,
        ['Lift Noord', 'Kerkstraat 1', 'Utrecht', 'CSV-1', 'SN-1', '1-5-2015', 'ja', '90', '1.000', 'eerste'],
        ['Lift Zuid', 'Kerkstraat 2', 'Utrecht', 'CSV-2', '', '01/05/2015', 'x', '', '25,000', ''],
        ['', '', '', '', '', '', '', '', '', ''],
        ['Lift West', 'Kerkstraat 3', '', 'CSV-3', '', '31-02-2020', 'misschien', 'veel', '0', ''],
        ['', 'Kerkstraat 4', '', 'CSV-4', '', '2020-02-29', 'nee', '30', '', ''],
      ],
      ';',
      true,
    );
    const res = await client.upload(admin, file, owner, 'vloot.csv');
    expect(res.statusCode, res.body).toBe(201);
    const preview = previewOf(res);
    expect(preview).toMatchObject({ organisationId: owner, fileName: 'vloot.csv', format: 'csv', appliedAt: null });
    expect(preview.columns).toEqual([
      'name',
      'address',
      'city',
      'ownerNumber',
      'serialNumber',
      'commissionedOn',
      'hasFlow',
      'maintenanceIntervalDays',
      'serviceRideThreshold',
    ]);
    expect(preview.unknownColumns).toEqual([
      { header: 'Opmerkingen', position: 10, reason: 'unknown', suggestion: null },
    ]);
    expect(preview.counts).toEqual({
      rows: 4,
      create: 2,
      update: 0,
      unchanged: 0,
      error: 2,
      inspections: 0,
      visits: 0,
    });
    const [noord, zuid, west, nameless] = preview.rows;
    expect(noord).toMatchObject({ row: 2, action: 'create', name: 'Lift Noord', problems: [] });
    expect(zuid).toMatchObject({ row: 3, action: 'create' });
    // Row 4 is blank: skipped, and the numbering still follows the sheet.
    expect(west?.row).toBe(5);
    expect(west?.action).toBe('error');
    expect(west?.problems.map((p) => [p.field, p.code, p.value])).toEqual([
      ['commissionedOn', 'invalid_date', '31-02-2020'],
      ['hasFlow', 'invalid_boolean', 'misschien'],
      ['maintenanceIntervalDays', 'invalid_number', 'veel'],
      ['serviceRideThreshold', 'out_of_range', '0'],
    ]);
    expect(nameless).toMatchObject({ row: 6, action: 'error', name: null });
    expect(nameless?.problems.map((p) => [p.field, p.code])).toEqual([['name', 'required']]);
  });

  it('reads English headers with commas and quoted fields, and matches headers loosely', async () => {
    const file = csvFile(
      [
        ['NAME', 'address', 'Postal code', 'phone number', 'Lift-type', 'commissioned on'],
        ['Main lift', 'Church Street 1, Utrecht', '3511 AB', '+31 30 123 4567', 'MRL', '2019-12-31'],
        ['Bad phone', 'Church Street 2', '', 'call me', '', ''],
      ],
      ',',
    );
    const preview = previewOf(await client.upload(admin, file, owner));
    expect(preview.columns).toEqual(['name', 'address', 'postalCode', 'telephoneNumber', 'liftType', 'commissionedOn']);
    expect(preview.rows[0]).toMatchObject({ action: 'create', name: 'Main lift', problems: [] });
    expect(preview.rows[1]?.problems.map((p) => [p.field, p.code])).toEqual([['telephoneNumber', 'invalid']]);
  });

  it('reads an .xlsx with real dates, numbers, rich text and formula results', async () => {
    const file = await xlsxFile([
      ['Naam', 'Adres', 'Eigenaarsnummer', 'In bedrijf sinds', 'Onderhoudsinterval', 'Liftflow'],
      [
        { richText: [{ text: 'Lift ' }, { text: 'Rijk', font: { bold: true } }] },
        'Dorpsstraat 1',
        4711,
        new Date(Date.UTC(2018, 2, 15)),
        { formula: '30*2', result: 60 },
        true,
      ],
      ['Lift Datumgetal', 'Dorpsstraat 2', 'XL-2', 43466, 45, 'nee'],
      ['Lift Komma', 'Dorpsstraat 3', 'XL-3', 'gisteren', 1.5, 'ja'],
    ]);
    const res = await client.upload(admin, file, owner, 'vloot.xlsx');
    expect(res.statusCode, res.body).toBe(201);
    const preview = previewOf(res);
    expect(preview.format).toBe('xlsx');
    expect(preview.rows.map((r) => [r.name, r.action])).toEqual([
      ['Lift Rijk', 'create'],
      ['Lift Datumgetal', 'create'],
      ['Lift Komma', 'error'],
    ]);
    expect(preview.rows[2]?.problems.map((p) => [p.field, p.code])).toEqual([
      ['commissionedOn', 'invalid_date'],
      ['maintenanceIntervalDays', 'invalid_number'],
    ]);
  });

  it('marks every repeat of an owner or serial number in the file, not the first', async () => {
    const file = csvFile(
      [
        ['Naam', 'Adres', 'Eigenaarsnummer', 'Serienummer'],
        ['Een', 'Straat 1', 'DUP-1', ''],
        ['Twee', 'Straat 2', 'dup-1', ''],
        ['Drie', 'Straat 3', '', 'SER-9'],
        ['Vier', 'Straat 4', '', 'SER-9'],
      ],
      ';',
    );
    const preview = previewOf(await client.upload(admin, file, owner));
    expect(preview.rows.map((r) => r.action)).toEqual(['create', 'error', 'create', 'error']);
    expect(preview.rows[1]?.problems).toMatchObject([{ field: 'ownerNumber', code: 'duplicate_in_file' }]);
    expect(preview.rows[3]?.problems).toMatchObject([{ field: 'serialNumber', code: 'duplicate_in_file' }]);
  });

  it('refuses a file without the name and address columns (400, naming them)', async () => {
    const res = await client.upload(
      admin,
      csvFile(
        [
          ['Plaats', 'Serienummer'],
          ['Utrecht', 'SN'],
        ],
        ';',
      ),
      owner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/Naam.*Name.*Adres.*Address/);
  });

  it('refuses more than 50,000 rows (400) and more than 20 MB (413), stating the limit', async () => {
    const rows = [['Naam', 'Adres'], ...Array.from({ length: 50_001 }, (_, i) => [`L${i}`, 'A'])];
    const many = await client.upload(admin, csvFile(rows, ';'), owner);
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain('50,000');

    const big = Buffer.concat([Buffer.from('Naam;Adres\n'), Buffer.alloc(21 * 1024 * 1024, 'a;b\n')]);
    const large = await client.upload(admin, big, owner);
    expect(large.statusCode).toBe(413);
    const error = large.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toContain('20 MB');
  });

  it('refuses a PDF, a PNG and a request that is not multipart (415)', async () => {
    const pdf = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument();
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.text('Naam;Adres');
      doc.end();
    });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 0)]);
    for (const [content, name] of [
      [pdf, 'liften.csv'],
      [png, 'liften.xlsx'],
      [Buffer.from('PK\u0003\u0004 not really a zip'), 'liften.xlsx'],
    ] as const) {
      const res = await client.upload(admin, content, owner, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('unsupported_media_type');
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/admin/lift-imports',
      headers: await client.auth(admin),
      payload: { organisationId: owner },
    });
    expect(json.statusCode).toBe(415);
  });

  it('imports only into the own organisation: 403 in scope, 404 outside; the same for reading an import', async () => {
    const file = csvFile(
      [
        ['Naam', 'Adres'],
        ['Lift', 'Straat 1'],
      ],
      ';',
    );
    expect((await client.upload(admin, file, stranger)).statusCode).toBe(404);
    expect((await client.upload(maintenanceAdmin, file, owner)).statusCode).toBe(403);
    expect((await client.upload('test-user', file, owner)).statusCode).toBe(403);
    expect((await client.upload(admin, file, 'abc')).statusCode).toBe(400);
    const foreign = previewOf(await client.upload(systemAdmin, file, stranger));
    expect((await client.preview(admin, foreign.id)).statusCode).toBe(404);
    expect((await client.apply(admin, foreign.id)).statusCode).toBe(404);
    expect((await client.preview(systemAdmin, foreign.id)).statusCode).toBe(200);
    const own = previewOf(await client.upload(admin, file, owner));
    expect((await client.preview(maintenanceAdmin, own.id)).statusCode).toBe(403);
    expect((await client.preview(admin, crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('apply', () => {
  it('creates and updates — matched by owner number, else serial number — then refuses a second apply (409)', async () => {
    const db = t.database.db;
    const [byOwner, bySerial] = await db
      .insert(lifts)
      .values([
        { organisationId: owner, name: 'Bestaand Eigenaar', address: 'Oud 1', ownerNumber: 'M-1', city: 'Zeist' },
        { organisationId: owner, name: 'Bestaand Serie', address: 'Oud 2', serialNumber: 'M-SN-2', city: 'Zeist' },
      ])
      .returning({ id: lifts.id });
    const file = csvFile(
      [
        ['Naam', 'Adres', 'Plaats', 'Eigenaarsnummer', 'Serienummer'],
        ['Bestaand Eigenaar', 'Oud 1', 'Utrecht', 'm-1', 'M-SN-1'],
        ['Bestaand Serie', 'Oud 2', 'Zeist', '', 'M-SN-2 '],
        ['Nieuw', 'Nieuw 1', 'Houten', 'M-3', ''],
      ],
      ';',
    );
    // Row 2 matches by owner number (case and spaces ignored), row 3 by serial number.
    const preview = previewOf(await client.upload(admin, file, owner));
    expect(preview.rows.map((r) => [r.action, r.liftId, r.changes])).toEqual([
      ['update', byOwner?.id, ['city', 'ownerNumber', 'serialNumber']],
      ['unchanged', bySerial?.id, []],
      ['create', null, []],
    ]);
    const res = await client.apply(admin, preview.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: LiftImportResult }>().data).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    const [updated] = await db
      .select()
      .from(lifts)
      .where(eq(lifts.id, byOwner?.id ?? 0));
    expect(updated).toMatchObject({ city: 'Utrecht', ownerNumber: 'm-1', serialNumber: 'M-SN-1', version: 2 });
    expect((await liftsOf(owner)).some((l) => l.name === 'Nieuw' && l.city === 'Houten')).toBe(true);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'lift_import'), eq(auditLog.subjectId, preview.id)));
    expect(audit.map((a) => a.action)).toEqual(['lift_import.applied']);
    expect(previewOf(await client.preview(admin, preview.id)).appliedAt).not.toBeNull();

    const again = await client.apply(admin, preview.id);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a file with errors (422) and a lift changed since the preview (409)', async () => {
    const bad = previewOf(
      await client.upload(
        admin,
        csvFile(
          [
            ['Naam', 'Adres'],
            ['', 'Straat'],
          ],
          ';',
        ),
        owner,
      ),
    );
    expect((await client.apply(admin, bad.id)).statusCode).toBe(422);

    const [lift] = await t.database.db
      .insert(lifts)
      .values({ organisationId: owner, name: 'Veranderd', address: 'Straat 9', ownerNumber: 'CH-1' })
      .returning({ id: lifts.id });
    const file = csvFile(
      [
        ['Naam', 'Adres', 'Eigenaarsnummer'],
        ['Veranderd', 'Straat 10', 'CH-1'],
      ],
      ';',
    );
    const preview = previewOf(await client.upload(admin, file, owner));
    await t.database.db
      .update(lifts)
      .set({ version: sql`${lifts.version} + 1` })
      .where(eq(lifts.id, lift?.id ?? 0));
    expect((await client.apply(admin, preview.id)).statusCode).toBe(409);
    // Previewed again, it applies.
    previewOf(await client.preview(admin, preview.id));
    expect((await client.apply(admin, preview.id)).statusCode).toBe(200);
  });

  it('is all or nothing: a failure after the creates leaves no lift behind', async () => {
    const before = (await liftsOf(owner)).length;
    const file = csvFile(
      [
        ['Naam', 'Adres'],
        ['Half 1', 'Straat 1'],
        ['Half 2', 'Straat 2'],
      ],
      ';',
    );
    const preview = previewOf(await client.upload(admin, file, owner));
    const spy = vi.spyOn(t.app.liftWrites, 'updateMany').mockRejectedValueOnce(new Error('disk full'));
    const res = await client.apply(admin, preview.id);
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect((await liftsOf(owner)).length).toBe(before);
    expect(previewOf(await client.preview(admin, preview.id)).appliedAt).toBeNull();
    expect((await client.apply(admin, preview.id)).statusCode).toBe(200);
    expect((await liftsOf(owner)).length).toBe(before + 2);
  });

  it('previews and applies 10,000 rows', async () => {
    const rows: (string | number)[][] = [dutchHeader.slice(0, 9)];
    for (let i = 0; i < 10_000; i++) {
      rows.push([`Bulklift ${i}`, `Laan ${i}`, 'Utrecht', `BULK-${i}`, `BSN-${i}`, '2012-03-04', 'nee', 60, 20000]);
    }
    const preview = previewOf(await client.upload(admin, csvFile(rows, ';', true), owner));
    expect(preview.counts).toEqual({
      rows: 10_000,
      create: 10_000,
      update: 0,
      unchanged: 0,
      error: 0,
      inspections: 0,
      visits: 0,
    });
    const res = await client.apply(admin, preview.id);
    expect(res.statusCode, res.body).toBe(200);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lifts)
      .where(sql`${lifts.ownerNumber} like 'BULK-%'`);
    expect(count?.n).toBe(10_000);
  }, 120_000);
});

describe('template', () => {
  it('answers a CSV in Dutch (semicolons, BOM) and an XLSX in English with a bold header and a date column', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/admin/lift-imports/template?format=csv&language=nl',
      headers: await client.auth(admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="liften-importsjabloon.csv"');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('Naam;Adres;Postcode;Plaats');

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/admin/lift-imports/template?format=xlsx&language=en-GB',
      headers: await client.auth(admin),
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet?.getRow(1).getCell(1).font.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(17).value).toEqual(new Date('2015-05-01T00:00:00Z'));

    // The template itself imports cleanly: one lift to create.
    const preview = previewOf(await client.upload(admin, xlsx.rawPayload, owner));
    expect(preview.counts).toMatchObject({ rows: 1, create: 1, error: 0 });
    const dutch = previewOf(await client.upload(admin, csv.rawPayload, owner));
    expect(dutch.counts).toMatchObject({ rows: 1, create: 1, error: 0 });
  });

  it('is for lift managers only (403)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/admin/lift-imports/template',
      headers: await client.auth('test-user'),
    });
    expect(res.statusCode).toBe(403);
  });
});
