import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiftImportResult } from '@liftwacht/contracts/lift-spreadsheets';
import type { Lift } from '@liftwacht/contracts/lifts';
import { auditLog, inspections, lifts, visits } from '../../db/schema.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { csvFile, importClient, previewOf } from './lift-spreadsheets-test-support.ts';

// Issue 41: the import takes the portal's own words, an export comes back as a no-op, unknown
// columns wait for the user, and the last inspection and maintenance visit become records.
const t = useTestApp();
const client = importClient(t);
const admin = 'test-admin';
let owner = 0;

beforeAll(() => {
  owner = t.fixtures.org.owner;
});

const inspectionsOf = (liftId: number) =>
  t.database.db.select().from(inspections).where(eq(inspections.liftId, liftId)).orderBy(inspections.id);
const visitsOf = (liftId: number) =>
  t.database.db.select().from(visits).where(eq(visits.liftId, liftId)).orderBy(visits.id);
const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
const liftNamed = async (name: string) => {
  const [lift] = await t.database.db.select().from(lifts).where(eq(lifts.name, name));
  if (!lift) throw new Error(`no lift ${name}`);
  return lift;
};
/** The preview of a CSV of these rows, uploaded by the admin for the owner. */
const previewOfCsv = async (rows: readonly (readonly string[])[], delimiter: ';' | ',') =>
  previewOf(await client.upload(admin, csvFile(rows, delimiter), owner));

async function exportOf(format: 'csv' | 'xlsx', language: 'nl' | 'en-GB'): Promise<Buffer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/liftwacht/lift/export',
    headers: await client.auth(admin),
    payload: { format, language, organisationId: owner },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.rawPayload;
}

describe('the portal’s own words', () => {
  it('takes the form’s and the lift page’s labels in Dutch and English, and the old names', async () => {
    const dutch = await previewOfCsv(
      [
        ['Naam', 'Adres', 'Type installatie', 'In gebruik genomen', 'Onderhoudsinterval', 'Keuring geldig tot'],
        ['Woordlift 1', 'Woordweg 1', 'MRL', '2015-04-01', '60', ''],
      ],
      ';',
    );
    expect(dutch.columns).toEqual([
      'name',
      'address',
      'liftType',
      'commissionedOn',
      'maintenanceIntervalDays',
      'inspectionValidUntil',
    ]);
    expect(dutch.unknownColumns).toEqual([]);
    const english = await previewOfCsv(
      [
        ['Name', 'Address', 'Installation type', 'Commissioned', 'Series number', 'Lifttype'],
        ['Word lift 2', 'Word Road 2', 'MRL', '2015-04-01', 'W-2', 'MRL'],
      ],
      ',',
    );
    expect(english.columns).toEqual(['name', 'address', 'liftType', 'commissionedOn', 'serialNumber']);
    // The old name of a column named already is a second column for the same field: not taken.
    expect(english.unknownColumns).toEqual([
      { header: 'Lifttype', position: 6, reason: 'duplicate', suggestion: { column: 'liftType', label: 'Lifttype' } },
    ]);
    const old = await previewOfCsv(
      [
        ['Naam', 'Adres', 'Lifttype', 'In bedrijf sinds'],
        ['Oude lift', 'Oudweg 1', 'MRL', '2015-04-01'],
      ],
      ';',
    );
    expect(old.columns).toEqual(['name', 'address', 'liftType', 'commissionedOn']);
  });

  it('names an unknown column with the closest known label and applies only once it is ignored (422 before)', async () => {
    const file = csvFile(
      [
        ['Naam', 'Adres', 'Lifttyp', 'In gebruik genoemd', 'Opmerkingen'],
        ['Typfoutlift', 'Typweg 1', 'MRL', '2015-04-01', 'let op'],
      ],
      ';',
    );
    const preview = previewOf(await client.upload(admin, file, owner));
    expect(preview.unknownColumns).toEqual([
      { header: 'Lifttyp', position: 3, reason: 'unknown', suggestion: { column: 'liftType', label: 'Lifttype' } },
      {
        header: 'In gebruik genoemd',
        position: 4,
        reason: 'unknown',
        suggestion: { column: 'commissionedOn', label: 'In gebruik genomen' },
      },
      { header: 'Opmerkingen', position: 5, reason: 'unknown', suggestion: null },
    ]);
    expect(preview.counts).toMatchObject({ create: 1, error: 0 });

    const refused = await client.apply(admin, preview.id);
    expect(refused.statusCode).toBe(422);
    const error = refused.json<{ error: { code: string; field: string; message: string } }>().error;
    expect(error).toMatchObject({ code: 'unprocessable', field: 'ignoreColumns' });
    expect(error.message).toContain('"Lifttyp"');
    const partly = await client.apply(admin, preview.id, { ignoreColumns: ['Lifttyp', 'Opmerkingen'] });
    expect(partly.statusCode).toBe(422);
    expect(partly.json<{ error: { message: string } }>().error.message).toContain('"In gebruik genoemd"');
    expect((await t.database.db.select().from(lifts).where(eq(lifts.name, 'Typfoutlift'))).length).toBe(0);

    const applied = await client.apply(admin, preview.id, {
      ignoreColumns: ['Lifttyp', 'In gebruik genoemd', 'Opmerkingen'],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await liftNamed('Typfoutlift')).toMatchObject({ liftType: null, commissionedOn: null });
  });

  it('refuses a header row of more than 200 columns (400)', async () => {
    const headers = ['Naam', 'Adres', ...Array.from({ length: 199 }, (_, i) => `Kolom ${i}`)];
    const res = await client.upload(admin, csvFile([headers, ['L', 'A']], ';'), owner);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('200 columns');
  });
});

describe('inspections and maintenance visits', () => {
  const header = [
    'Naam',
    'Adres',
    'Eigenaarsnummer',
    'Laatste keuring',
    'Soort keuring',
    'Keuringsresultaat',
    'Keuring geldig tot',
    'Laatste onderhoudsbezoek',
  ];

  it('become records of the lift, audited as imported, and the same file again adds none', async () => {
    const [existing] = await t.database.db
      .insert(lifts)
      .values({ organisationId: owner, name: 'Keurlift Bestaand', address: 'Keurweg 1', ownerNumber: 'KR-1' })
      .returning({ id: lifts.id });
    const file = csvFile(
      [
        header,
        ['Keurlift Bestaand', 'Keurweg 1', 'KR-1', '14-04-2025', 'Periodieke keuring', 'Goedgekeurd', '', '02-09-2025'],
        ['Keurlift Nieuw', 'Keurweg 2', 'KR-2', '2025-06-01', '', 'afgekeurd', '', ''],
        ['Keurlift Alleen Onderhoud', 'Keurweg 3', 'KR-3', '', '', '', '', '2026-01-15'],
      ],
      ';',
    );
    const preview = previewOf(await client.upload(admin, file, owner));
    expect(preview.counts).toMatchObject({ create: 2, unchanged: 1, error: 0, inspections: 2, visits: 2 });
    expect(preview.rows.map((r) => [r.action, r.records])).toEqual([
      ['unchanged', ['inspection', 'visit']],
      ['create', ['inspection']],
      ['create', ['visit']],
    ]);
    const res = await client.apply(admin, preview.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: LiftImportResult }>().data).toMatchObject({ created: 2, inspections: 2, visits: 2 });

    const liftId = existing?.id ?? 0;
    const [inspection] = await inspectionsOf(liftId);
    // No valid-until given: an approval is valid 18 months, as the form fills it in.
    expect(inspection).toMatchObject({
      inspectedOn: '2025-04-14',
      logType: 'periodic_inspection',
      result: 'approved',
      validUntil: '2026-10-14',
      recordedBy: t.fixtures.user.admin.id,
    });
    const [visit] = await visitsOf(liftId);
    expect(visit).toMatchObject({ type: 'maintenance', role: 'mechanic', state: 'finished' });
    // The local day's first instant (Amsterdam summer time).
    expect(visit?.startedAt.toISOString()).toBe('2025-09-01T22:00:00.000Z');
    const rejected = await inspectionsOf((await liftNamed('Keurlift Nieuw')).id);
    expect(rejected).toMatchObject([{ result: 'rejected', logType: 'periodic_inspection', validUntil: null }]);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.action, ['inspection.imported', 'visit.imported']),
          eq(sql`${auditLog.after}->>'importId'`, preview.id),
        ),
      );
    expect(audit.map((a) => a.action).sort()).toEqual([
      'inspection.imported',
      'inspection.imported',
      'visit.imported',
      'visit.imported',
    ]);
    expect(audit.every((a) => a.userId === t.fixtures.user.admin.id)).toBe(true);

    // The lift page shows the imported approval.
    const page = await t.app.inject({
      method: 'GET',
      url: `/liftwacht/lift/${liftId}`,
      headers: await client.auth(admin),
    });
    expect(page.json<{ data: Lift }>().data).toMatchObject({
      inspectionValidUntil: '2026-10-14',
      lastInspection: { inspectedOn: '2025-04-14', result: 'approved' },
    });

    const again = previewOf(await client.upload(admin, file, owner));
    expect(again.counts).toMatchObject({ create: 0, update: 0, unchanged: 3, inspections: 0, visits: 0, error: 0 });
  });

  it('refuses what contradicts a recorded inspection, a valid-until without its inspection, and days to come', async () => {
    await t.database.db
      .insert(lifts)
      .values({ organisationId: owner, name: 'Strijdlift', address: 'Strijdweg 1', ownerNumber: 'ST-1' });
    const lift = await liftNamed('Strijdlift');
    await t.database.db.insert(inspections).values({
      liftId: lift.id,
      inspectedOn: '2025-02-01',
      logType: 'periodic_inspection',
      result: 'approved',
      validUntil: '2026-08-01',
    });
    const preview = await previewOfCsv(
      [
        header,
        ['Strijdlift', 'Strijdweg 1', 'ST-1', '2025-02-01', '', 'afgekeurd', '', ''],
        ['Geldiglift', 'Geldigweg 1', 'ST-2', '', '', '', '2027-01-01', ''],
        ['Toekomstlift', 'Toekomstweg 1', 'ST-3', '2030-01-01', '', 'goedgekeurd', '', '2030-01-02'],
        ['Soortlift', 'Soortweg 1', 'ST-4', '2025-01-01', 'keuring op maandag', 'goedgekeurd', '', ''],
      ],
      ';',
    );
    expect(preview.rows.map((r) => r.problems.map((p) => [p.field, p.code]))).toEqual([
      [['inspectionResult', 'differs_from_record']],
      [['lastInspectionOn', 'required']],
      [
        ['lastInspectionOn', 'invalid'],
        ['lastMaintenanceOn', 'invalid'],
      ],
      [['inspectionKind', 'invalid']],
    ]);
    expect((await client.apply(admin, preview.id)).statusCode).toBe(422);
    expect(await inspectionsOf(lift.id)).toHaveLength(1);
  });
});

describe('an export imported again', () => {
  it('changes nothing: preview 0 changes, apply writes no lift, record or audit entry (CSV and XLSX)', async () => {
    // A lift with every kind of history, one with neither owner nor serial number, one whose name
    // an export has to guard against formulas.
    const [full, bare] = await t.database.db
      .insert(lifts)
      .values([
        {
          organisationId: owner,
          name: 'Retourlift',
          address: 'Retourweg 1',
          ownerNumber: 'RT-1',
          liftType: 'MRL',
          commissionedOn: '2015-05-01',
          telephoneNumber: '+31 30 123 4567',
        },
        { organisationId: owner, name: '=Formulelift', address: '-Retourweg 2' },
      ])
      .returning({ id: lifts.id });
    await t.database.db.insert(inspections).values([
      {
        liftId: full?.id ?? 0,
        inspectedOn: '2024-03-01',
        logType: 'periodic_inspection',
        result: 'approved',
        validUntil: '2025-09-01',
      },
      {
        liftId: full?.id ?? 0,
        inspectedOn: '2025-09-20',
        logType: 'periodic_inspection',
        result: 'rejected',
        validUntil: null,
      },
      {
        liftId: bare?.id ?? 0,
        inspectedOn: '2025-10-01',
        logType: 'assistance_inspection',
        result: 'approved',
        validUntil: null,
      },
    ]);
    await t.database.db.insert(visits).values({
      liftId: full?.id ?? 0,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      startedAt: new Date('2026-02-10T08:00:00Z'),
      endedAt: new Date('2026-02-10T09:00:00Z'),
    });

    for (const [format, language] of [
      ['csv', 'nl'],
      ['xlsx', 'en-GB'],
    ] as const) {
      const file = await exportOf(format, language);
      const liftsBefore = await t.database.db
        .select()
        .from(lifts)
        .where(eq(lifts.organisationId, owner))
        .orderBy(lifts.id);
      const [inspectionsBefore] = await t.database.db.select({ n: count() }).from(inspections);
      const [visitsBefore] = await t.database.db.select({ n: count() }).from(visits);
      const preview = previewOf(await client.upload(admin, file, owner, `export.${format}`));
      expect(preview.unknownColumns, format).toEqual([]);
      expect(preview.readOnlyColumns, format).toEqual(['esNumber', 'decommissionedOn', 'liftId']);
      expect(preview.counts, format).toMatchObject({ create: 0, update: 0, error: 0, inspections: 0, visits: 0 });
      expect(preview.counts.unchanged, format).toBe(liftsBefore.length);
      const audits = await auditRows();

      const res = await client.apply(admin, preview.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: LiftImportResult }>().data).toMatchObject({
        created: 0,
        updated: 0,
        inspections: 0,
        visits: 0,
      });
      expect(await auditRows()).toBe(audits);
      expect(await t.database.db.select().from(lifts).where(eq(lifts.organisationId, owner)).orderBy(lifts.id)).toEqual(
        liftsBefore,
      );
      expect((await t.database.db.select({ n: count() }).from(inspections))[0]).toEqual(inspectionsBefore);
      expect((await t.database.db.select({ n: count() }).from(visits))[0]).toEqual(visitsBefore);
    }
  });

  it('the CSV export has the headers the form uses', async () => {
    const records: string[][] = parse(await exportOf('csv', 'nl'), { bom: true, delimiter: ';' });
    const [header] = records;
    expect(header).toEqual(expect.arrayContaining(['Type installatie', 'In gebruik genomen', 'Keuring geldig tot']));
    // And a sheet of just those headers imports them.
    const preview = previewOf(
      await client.upload(admin, Buffer.from(stringify([header ?? [], []], { delimiter: ';' })), owner),
    );
    expect(preview.unknownColumns).toEqual([]);
  });
});
