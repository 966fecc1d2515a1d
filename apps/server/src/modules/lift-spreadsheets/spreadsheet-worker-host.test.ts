import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { csvFile, xlsxFile } from './lift-spreadsheets-test-support.ts';
import { SpreadsheetWorkers } from './spreadsheet-worker-host.ts';

let workers: SpreadsheetWorkers | undefined;
afterEach(async () => {
  await workers?.close();
});

const manyRows = () =>
  csvFile([['Naam', 'Adres'], ...Array.from({ length: 40_000 }, (_, i) => [`Lift ${String(i)}`, 'A'])], ';');

describe('spreadsheet worker threads', () => {
  it('reads in a thread and unpacks what it packed: the same rows, dates as dates', async () => {
    workers = new SpreadsheetWorkers();
    const commissioned = new Date(Date.UTC(2015, 2, 1));
    const { sheet, packed } = await workers.read(
      await xlsxFile([
        ['Naam', 'Adres', 'In bedrijf sinds'],
        ['Lift A', 'Straat 1', commissioned],
      ]),
    );
    expect(sheet).toEqual({
      format: 'xlsx',
      headers: ['Naam', 'Adres', 'In bedrijf sinds'],
      rows: [{ row: 2, cells: ['Lift A', 'Straat 1', commissioned] }],
    });
    expect(await workers.unpack(packed)).toEqual(sheet);
  });

  it('hands a refusal back as the AppError it was', async () => {
    workers = new SpreadsheetWorkers();
    const refused = await workers.read(Buffer.from('%PDF-1.4\u0001')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
  });

  it('ends a thread that overruns its time, answering 413', async () => {
    workers = new SpreadsheetWorkers({ taskTimeoutMs: 50 });
    // Starting the thread (loading the reader) alone takes longer than 50 ms here.
    const refused = await workers.read(manyRows()).catch((err: unknown) => err);
    expect(refused).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
  });

  it('refuses more than the queue holds with 503, and answers those it queued', async () => {
    workers = new SpreadsheetWorkers({ threads: 1, queue: 1 });
    const file = csvFile(
      [
        ['Naam', 'Adres'],
        ['Lift A', 'Straat 1'],
      ],
      ';',
    );
    const answers = await Promise.allSettled([workers.read(file), workers.read(file), workers.read(file)]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((answers[2] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 503, code: 'unavailable' });
  });
});
