// The export writers without HTTP or a database: formula-safe text in both formats, and the
// XLSX writer's memory bound, measured as the bytes queued for the zip at their worst.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { Lift } from '@liftwacht/contracts/lifts';
import type { SheetZipEntry } from '../../lib/exceljs-stream-backpressure.ts';
import type { LiftWithRecords } from '../lifts/lift-export-rows.ts';
import { exportStream } from './spreadsheet-writers.ts';

// Lifts without inspections or visits: the writers, not the records, are under test here.
const withoutRecords = (lift: Lift): LiftWithRecords => ({
  lift,
  facts: { lastInspection: undefined, lastMaintenanceOn: undefined },
});

// Sees the sheet's zip entry, to count the writer's waits and, in batchesOf, the bytes queued for
// the zip when the writer asks for the next batch: right after it wrote the last one, when the
// most is queued. Deterministic: the rows of a batch are written synchronously.
const observed = vi.hoisted(() => ({ entry: undefined as SheetZipEntry | undefined, waits: 0, worstQueued: 0 }));
vi.mock('../../lib/exceljs-stream-backpressure.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/exceljs-stream-backpressure.ts')>();
  return {
    ...real,
    sheetZipEntry: (sheet: ExcelJS.Worksheet): SheetZipEntry => {
      const entry = real.sheetZipEntry(sheet);
      observed.entry = entry;
      return {
        ...entry,
        drained: (signal) => {
          observed.waits++;
          return entry.drained(signal);
        },
      };
    },
  };
});

function lift(id: number, name: string, telephoneNumber: string | null = null): Lift {
  return {
    id,
    organisationId: 1,
    details: {
      liftname: name,
      address: `Kerkstraat ${id}`,
      postalCode: '3511 AB',
      city: 'Utrecht',
      buildingName: null,
      sbclId: null,
      serialNumber: `SN-${id}`,
      ownerNumber: `EIG-${id}`,
      inspectionNumber: null,
      installerNumber: null,
      telephoneNumber,
      manufacturerNumber: null,
      updatedAt: '2026-03-10T09:00:00.000Z',
    },
    liftType: 'MRL',
    hasFlow: id % 2 === 0,
    maintenanceIntervalDays: 90,
    serviceRideThreshold: 20_000,
    commissionedOn: '2015-05-01',
    decommissionedOn: null,
    version: 1,
    inspectionValidUntil: null,
    lastInspection: null,
    module: null,
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The lifts in batches of 500, each a turn of the event loop later, as from the database. */
async function* batchesOf(lifts: Lift[] | number): AsyncGenerator<LiftWithRecords[]> {
  const count = typeof lifts === 'number' ? lifts : lifts.length;
  for (let from = 0; from < count; from += 500) {
    observed.worstQueued = Math.max(observed.worstQueued, observed.entry?.queuedBytes() ?? 0);
    await turn();
    const size = Math.min(500, count - from);
    yield (
      typeof lifts === 'number'
        ? Array.from({ length: size }, (_, i) => lift(from + i, `Lift ${from + i}`))
        : lifts.slice(from, from + size)
    ).map(withoutRecords);
  }
}

/** Reads the stream like a slow client: a turn of the event loop for every chunk. */
async function slowlyRead(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    await turn();
  }
  return Buffer.concat(chunks);
}

const dangerous = ['=HYPERLINK("http://x.example","klik")', '+SUM(1)', '-1+cmd|/c calc!A0', '@SUM(1)', '\t=1', '\r=1'];
const lifts = [
  ...dangerous.map((name, i) => lift(i, name)),
  lift(10, 'Lift met telefoon', '+31 30 123 4567'),
  lift(11, 'Lift met sommetje', '=1+1'),
];
const expectedNames = [...dangerous.map((name) => `'${name}`), 'Lift met telefoon', 'Lift met sommetje'];
const expectedTelephones = [...dangerous.map(() => null), '+31 30 123 4567', "'=1+1"];

describe('export writers', () => {
  it('CSV: text that would run as a formula gets an apostrophe, a plain telephone number stays', async () => {
    const file = await slowlyRead(exportStream('csv', 'en', batchesOf(lifts)));
    const [header, ...rows]: string[][] = parse(file, { bom: true, delimiter: ',' });
    const telephone = header?.indexOf('Telephone number') ?? -1;
    expect(telephone).toBeGreaterThan(0);
    expect(rows.map((r) => r[0])).toEqual(expectedNames);
    expect(rows.map((r) => (r[telephone] === '' ? null : r[telephone]))).toEqual(expectedTelephones);
  });

  it('XLSX: the same rule for text cells', async () => {
    const file = await slowlyRead(exportStream('xlsx', 'en', batchesOf(lifts)));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const header = sheet?.getRow(1).values as unknown[];
    const telephone = header.indexOf('Telephone number');
    expect(telephone).toBeGreaterThan(0);
    const rows = (sheet?.getRows(2, lifts.length) ?? []).map((row) => row.values as unknown[]);
    // exceljs writes a carriage return as is, and XML reads it back as a line feed.
    expect(rows.map((r) => r[1])).toEqual(expectedNames.map((name) => name.replace('\r', '\n')));
    expect(rows.map((r) => r[telephone] ?? null)).toEqual(expectedTelephones);
  });

  it('XLSX of 50,000 lifts to a slow client: at most one batch and a few chunks queue for the zip', async () => {
    const count = 50_000;
    Object.assign(observed, { entry: undefined, waits: 0, worstQueued: 0 });
    const file = await slowlyRead(exportStream('xlsx', 'nl', batchesOf(count)));
    // A batch of 500 rows is about 260 KB of XML; the sheet's 26 MB could all queue before.
    expect(observed.worstQueued).toBeLessThan(1024 * 1024);
    expect(observed.waits).toBe(count / 500);
    let rows = 0;
    let last: unknown;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {});
    for await (const sheet of reader) {
      for await (const row of sheet) {
        rows++;
        last = (row.values as unknown[])[1];
      }
    }
    expect(rows).toBe(count + 1);
    expect(last).toBe(`Lift ${count - 1}`);
  });

  it('XLSX: stops pulling lifts once the client has gone', async () => {
    let pulled = 0;
    let released: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (released = resolve));
    async function* endless(): AsyncGenerator<LiftWithRecords[]> {
      try {
        for (;;) {
          await turn();
          yield Array.from({ length: 500 }, (_, i) => withoutRecords(lift(pulled * 500 + i, `Lift ${pulled}`)));
          pulled++;
        }
      } finally {
        released();
      }
    }
    const stream = exportStream('xlsx', 'nl', endless());
    // The first bytes arrive, then the client hangs up (as Fastify destroys the stream then).
    await new Promise<void>((resolve) =>
      stream.once('data', () => {
        stream.destroy();
        resolve();
      }),
    );
    await finished;
    expect(pulled).toBeLessThan(100);
  });
});
