// npm run bench:import — lift spreadsheets on PostgreSQL (BENCH_DATABASE_URL, database
// lw_bench_import, recreated each run), through the whole HTTP stack: preview and apply of a
// 10,000-row CSV and XLSX (targets: preview ≤ 5 s, apply ≤ 15 s), a 10,000-row update of the same
// lifts, and the export of 100,000 lifts as CSV and XLSX streamed over a real socket, with the
// process's peak RSS growth while it streams (flat memory: it must not grow with the row count).
// Benchmarks print figures; they never assert on time.
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../db/database.ts';
import { multipartBody } from '../test-support/multipart-body.ts';
import { insertFixtures } from '../test-support/fixtures.ts';
import {
  benchApp,
  benchToken,
  download,
  freshPostgresDatabase,
  line,
  loadAverage,
  mb,
  printLoadAndReference,
  seconds,
} from './bench-support.ts';

const rows = 10_000;
const exportLifts = 100_000;

const header = ['Naam', 'Adres', 'Plaats', 'Eigenaarsnummer', 'Serienummer', 'In bedrijf sinds', 'Liftflow'];
const liftRow = (prefix: string, i: number, city: string) => [
  `${prefix} lift ${i}`,
  `Benchlaan ${i}`,
  city,
  `${prefix}-${i}`,
  `${prefix}-SN-${i}`,
  `${String(1 + (i % 28)).padStart(2, '0')}-0${1 + (i % 9)}-2015`,
  i % 2 === 0 ? 'ja' : 'nee',
];

function csvFile(prefix: string, city: string): Buffer {
  const data = Array.from({ length: rows }, (_, i) => liftRow(prefix, i, city));
  return Buffer.from(`\ufeff${stringify([header, ...data], { delimiter: ';' })}`);
}

async function xlsxFile(prefix: string, city: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Liften');
  sheet.addRow(header);
  for (let i = 0; i < rows; i++) {
    const row = liftRow(prefix, i, city);
    sheet.addRow([...row.slice(0, 5), new Date(Date.UTC(2015, i % 9, 1 + (i % 28))), row[6]]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function main() {
  const url = await freshPostgresDatabase('lw_bench_import');
  const database = await openDatabase({ url });
  const fixtures = await insertFixtures(database.db);
  const app = await benchApp(database, 'import');
  const auth = { authorization: `Bearer ${await benchToken(app, 'test-admin')}` };
  const owner = fixtures.org.owner;

  line(`import bench on PostgreSQL: ${rows.toLocaleString('en')} rows per file`);
  await printLoadAndReference(database);

  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const result = await fn();
    return [result, performance.now() - started];
  };

  const runImport = async (label: string, file: Buffer, fileName: string) => {
    const body = multipartBody({
      fields: { organisationId: String(owner) },
      files: { file: { fileName, contentType: 'application/octet-stream', content: file } },
    });
    const [preview, previewMs] = await timed(() =>
      app.inject({
        method: 'POST',
        url: '/liftwacht/admin/lift-imports',
        headers: { ...auth, 'content-type': body.contentType },
        payload: body.payload,
      }),
    );
    const { id, counts } = preview.json<{ data: { id: string; counts: Record<string, number> } }>().data;
    const [applied, applyMs] = await timed(() =>
      app.inject({ method: 'POST', url: `/liftwacht/admin/lift-imports/${id}/apply`, headers: auth }),
    );
    line(
      `${label.padEnd(34)} ${mb(file.length).padStart(8)}  preview ${seconds(previewMs).padStart(8)}  apply ${seconds(applyMs).padStart(8)}  ` +
        `(${preview.statusCode}/${applied.statusCode}; create ${counts.create}, update ${counts.update}, error ${counts.error})`,
    );
  };

  await runImport('CSV, 10,000 new lifts', csvFile('CSV', 'Utrecht'), 'bench.csv');
  await runImport('XLSX, 10,000 new lifts', await xlsxFile('XLSX', 'Utrecht'), 'bench.xlsx');
  await runImport('CSV, the same 10,000 lifts updated', csvFile('CSV', 'Zeist'), 'bench-update.csv');

  // 100,000 lifts in an organisation of their own, made in SQL: the export is what is measured.
  const exportOrganisation = fixtures.org.client;
  await database.db.execute(sql`
    insert into lifts (organisation_id, name, address, city, owner_number, serial_number, commissioned_on, has_flow)
    select ${exportOrganisation}, 'Exportlift ' || g, 'Exportstraat ' || g, 'Amersfoort', 'EXP-' || g, 'ESN-' || g,
           date '2010-01-01' + (g % 3000), g % 2 = 0
    from generate_series(1, ${exportLifts}) g`);
  const adminToken = await benchToken(app, 'test-system-admin');
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const exportOnce = async (format: 'csv' | 'xlsx') => {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const result = await download(port, {
      method: 'POST',
      path: '/liftwacht/lift/export',
      token: adminToken,
      json: { format, organisationId: exportOrganisation, sort: 'name' },
    });
    clearInterval(sampler);
    return { ...result, peakGrowth: peak - baseline };
  };

  line(`\nexport of ${exportLifts.toLocaleString('en')} lifts, streamed over HTTP (server and client in this process)`);
  for (const format of ['csv', 'xlsx'] as const) {
    const result = await exportOnce(format);
    line(
      `${format.toUpperCase().padEnd(6)} ${mb(result.bytes).padStart(9)} in ${seconds(result.ms).padStart(8)}, peak RSS growth ${mb(result.peakGrowth)}`,
    );
  }
  line(`load average (1 min) at the end: ${loadAverage()}`);
  await app.close();
  await database.close();
}

await main();
