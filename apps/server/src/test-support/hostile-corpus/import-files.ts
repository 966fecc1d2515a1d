// The hostile uploads of issue 42 (points 1–3) as files of a chosen size: the rows, cells, headers
// and zip parts that once stalled the server or made it echo megabytes. Each generator takes the
// size that matters (rows, bytes, names), so the corpus test sends them just beyond a limit and
// `bench:abuse` at the size of the report.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { liftFieldLabels, liftFieldNames } from '@liftwacht/contracts/lift-editing';
import { xlsxPackage } from './xlsx-workbook.ts';
import { smallEntry, zerosEntry } from './zip-archive.ts';

const mebibyte = 1024 * 1024;

/** `rows` data rows of four bytes each ("a;b\n"): 4,990,000 of them stay just under 20 MB. */
export function manyRowsCsv(rows: number): Buffer {
  const header = Buffer.from('Naam;Adres\n');
  return Buffer.concat([header, Buffer.alloc(rows * 4, 'a;b\n')]);
}

/** An .xlsx of `rows` data rows, two shared strings each: a million rows in a few MB. */
export function manyRowsXlsx(rows: number): Promise<Buffer> {
  function* sheet() {
    yield [{ s: 0 }, { s: 1 }];
    for (let i = 0; i < rows; i++) yield [{ s: 2 }, { s: 3 }];
  }
  return xlsxPackage({ rows: sheet(), sharedStrings: ['Naam', 'Adres', 'Lift', 'Straat 1'] });
}

/**
 * The largest file the import takes: `rows` valid lifts with all 17 lift columns, written by
 * exceljs as spreadsheet software writes it (shared strings), streamed so 50,000 rows stay small.
 * `prefix` keeps owner and serial numbers unique per run.
 */
export async function maximalValidXlsx(rows: number, prefix: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Liften');
  sheet.addRow(liftFieldNames.map((field) => liftFieldLabels[field].nl)).commit();
  for (let i = 1; i <= rows; i++) {
    const values: Record<(typeof liftFieldNames)[number], string | number> = {
      name: `${prefix} lift ${String(i)}`,
      address: `Corpusstraat ${String(i)}`,
      postalCode: '3511 AB',
      city: i % 2 === 0 ? 'Utrecht' : 'Zeist',
      buildingName: `Blok ${String(i % 100)}`,
      sbclId: `SBCL-${String(i)}`,
      serialNumber: `${prefix}-SN-${String(i)}`,
      ownerNumber: `${prefix}-${String(i)}`,
      inspectionNumber: `K-${String(i)}`,
      installerNumber: `I-${String(i)}`,
      telephoneNumber: '+31 30 123 4567',
      manufacturerNumber: `F-${String(i)}`,
      liftType: 'personenlift',
      hasFlow: i % 2 === 0 ? 'ja' : 'nee',
      maintenanceIntervalDays: 90,
      serviceRideThreshold: 20_000,
      commissionedOn: `${String(1 + (i % 28)).padStart(2, '0')}-0${String(1 + (i % 9))}-2015`,
    };
    sheet.addRow(liftFieldNames.map((field) => values[field])).commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** One data cell of `bytes` characters. */
export function giantCellCsv(bytes: number): Buffer {
  return Buffer.concat([Buffer.from('Naam;Adres\nLift;'), Buffer.alloc(bytes, 'x'), Buffer.from('\n')]);
}

/** One unknown header of `bytes` characters beside the two required ones. */
export function giantHeaderCsv(bytes: number): Buffer {
  return Buffer.concat([Buffer.from('Naam;Adres;'), Buffer.alloc(bytes, 'h'), Buffer.from('\nLift;Straat 1;x\n')]);
}

/** A data line of `bytes` commas: as many empty columns. */
export function commaLineCsv(bytes: number): Buffer {
  return Buffer.concat([Buffer.from('Naam,Adres\n'), Buffer.alloc(bytes, ','), Buffer.from('\n')]);
}

/** `count` unknown header names after the two required ones. */
export function manyHeadersCsv(count: number): Buffer {
  const names = Array.from({ length: count }, (_, i) => `k${String(i)}`).join(';');
  return Buffer.from(`Naam;Adres;${names}\nLift;Straat 1\n`);
}

/** A valid one-lift workbook with extra parts (`parts` of them) of `bytes` zeros in all (~1,000 : 1). */
export function inflateBombXlsx(bytes: number, options: { parts?: number } = {}): Promise<Buffer> {
  const parts = options.parts ?? 1;
  const extraEntries = Array.from({ length: parts }, (_, i) =>
    zerosEntry(`xl/media/filler${String(i + 1)}.bin`, Math.ceil(bytes / parts)),
  );
  return xlsxPackage({
    rows: [
      [{ s: 0 }, { s: 1 }],
      [{ s: 2 }, { s: 3 }],
    ],
    sharedStrings: ['Naam', 'Adres', 'Lift', 'Straat 1'],
    extraEntries,
  });
}

/** A valid one-lift workbook whose worksheet has `bytes` of whitespace after its rows, declaring `declaredSize`. */
export function paddedSheetXlsx(bytes: number, declaredSize?: number): Promise<Buffer> {
  return xlsxPackage({
    rows: [
      [{ s: 0 }, { s: 1 }],
      [{ s: 2 }, { s: 3 }],
    ],
    sharedStrings: ['Naam', 'Adres', 'Lift', 'Straat 1'],
    sheetPadding: { bytes, ...(declaredSize === undefined ? {} : { declaredSize }) },
  });
}

/** `rows` rows whose cells all point at one shared string of `bytes` characters. */
export function sharedStringBombXlsx(bytes: number, rows: number): Promise<Buffer> {
  function* huge() {
    for (let left = bytes; left > 0; left -= mebibyte) yield 'x'.repeat(Math.min(mebibyte, left));
  }
  function* sheet() {
    yield [{ s: 0 }, { s: 1 }];
    for (let i = 0; i < rows; i++) yield [{ s: 2 }, { s: 2 }];
  }
  return xlsxPackage({ rows: sheet(), sharedStrings: ['Naam', 'Adres', huge] });
}

/** A workbook whose shared-string table holds `count` distinct strings (the sheet uses two). */
export function manySharedStringsXlsx(count: number): Promise<Buffer> {
  function* strings() {
    yield 'Naam';
    yield 'Adres';
    for (let i = 2; i < count; i++) yield `s${String(i)}`;
  }
  return xlsxPackage({
    rows: [
      [{ s: 0 }, { s: 1 }],
      [{ s: 2 }, { s: 3 }],
    ],
    sharedStrings: [...strings()],
  });
}

/** A valid workbook plus `count` tiny extra parts. */
export function manyPartsXlsx(count: number): Promise<Buffer> {
  const parts = Array.from({ length: count }, (_, i) => smallEntry(`customXml/item${String(i + 1)}.xml`, '<a/>'));
  return xlsxPackage({
    rows: [
      [{ s: 0 }, { s: 1 }],
      [{ s: 2 }, { s: 3 }],
    ],
    sharedStrings: ['Naam', 'Adres', 'Lift', 'Straat 1'],
    extraEntries: parts,
  });
}

/** A header, one lift, then `count` blank lines: rows without content still count towards the last row number. */
export function blankLinesCsv(count: number): Buffer {
  return Buffer.concat([Buffer.from('Naam;Adres\nLift;Straat 1\n'), Buffer.alloc(count, '\n')]);
}
