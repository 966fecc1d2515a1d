// npm run bench:import — lift spreadsheets through the whole HTTP stack. First the largest valid
// file (liftImportLimits.maxRows rows × 17 columns, import-bench-files.ts: every row a new lift
// with an inspection and a maintenance visit), XLSX then CSV into one organisation, uploaded
// (preview) and applied over a real socket while GET /health is probed every 50 ms
// (import-bench-health.ts): time, health's worst latency and p99, and the peak RSS growth of each,
// on PGlite in a data folder (the default deploy: the database runs in the server's process) and
// on PostgreSQL (BENCH_DATABASE_URL, databases lw_bench_import_maximal and lw_bench_import,
// recreated each run). Then, on PostgreSQL: preview and apply of a 10,000-row CSV and XLSX
// (targets: preview ≤ 5 s, apply ≤ 15 s), a 10,000-row update of the same lifts, and the export
// of 100,000 lifts as CSV and XLSX streamed over a real socket, with the process's peak RSS growth
// while it streams (flat memory: it must not grow with the row count). `--skip-pglite`,
// `--skip-postgres`. Benchmarks print figures; they never assert on time.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import { openDatabase, type Database } from '../db/database.ts';
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
import { maximalColumns, maximalCsv, maximalXlsx } from './import-bench-files.ts';
import { underProbe, type LoadFigures } from './import-bench-health.ts';

const { values: args } = parseArgs({
  options: { 'skip-pglite': { type: 'boolean', default: false }, 'skip-postgres': { type: 'boolean', default: false } },
});

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

interface Answer {
  status: number;
  body: string;
}

/** One request over a real socket, answered to its last byte. */
function send(
  port: number,
  request: { method: 'GET' | 'POST'; path: string; token: string; body?: Buffer; contentType?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
    if (request.contentType) headers['content-type'] = request.contentType;
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const figures = (f: LoadFigures<Answer>) =>
  `${seconds(f.ms).padStart(8)} (${f.result.status}), health worst ${f.worstMs.toFixed(0).padStart(4)} ms p99 ${f.p99Ms
    .toFixed(0)
    .padStart(4)} ms over ${f.probes}${f.failed > 0 ? ` (${f.failed} failed)` : ''}, RSS +${mb(f.rssGrowth)}`;

/**
 * The largest valid file, XLSX then CSV, previewed and applied through the listening server, each
 * with /health probed beside it.
 */
async function maximalImports(label: string, database: Database, files: { xlsx: Buffer; csv: Buffer }) {
  const fixtures = await insertFixtures(database.db);
  const app = await benchApp(database, 'import-maximal');
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const token = await benchToken(app, 'test-admin');
  const rowCount = liftImportLimits.maxRows.toLocaleString('en');
  line(`\nimport bench on ${label}: the largest valid file, ${rowCount} rows × ${maximalColumns.length} columns`);
  await printLoadAndReference(database);
  for (const format of ['xlsx', 'csv'] as const) {
    const file = files[format];
    const body = multipartBody({
      fields: { organisationId: String(fixtures.org.owner) },
      files: { file: { fileName: `maximal.${format}`, contentType: 'application/octet-stream', content: file } },
    });
    global.gc?.();
    const preview = await underProbe(port, () =>
      send(port, {
        method: 'POST',
        path: '/liftwacht/admin/lift-imports',
        token,
        body: body.payload,
        contentType: body.contentType,
      }),
    );
    const previewed = JSON.parse(preview.result.body) as { data?: { id: string; counts: Record<string, number> } };
    line(
      `${format.toUpperCase()} ${mb(file.length)}, ${JSON.stringify(previewed.data?.counts ?? preview.result.body.slice(0, 200))}`,
    );
    line(`  preview ${figures(preview)}`);
    if (!previewed.data) continue;
    global.gc?.();
    const { id } = previewed.data;
    const apply = await underProbe(port, () =>
      send(port, { method: 'POST', path: `/liftwacht/admin/lift-imports/${id}/apply`, token }),
    );
    line(`  apply   ${figures(apply)}`);
  }
  line(`load average (1 min) at the end: ${loadAverage()}`);
  await app.close();
}

async function main() {
  const maxRows = liftImportLimits.maxRows;
  const files = { xlsx: await maximalXlsx('XLSX', maxRows), csv: maximalCsv('CSV', maxRows) };
  if (!args['skip-pglite']) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lw-bench-import-pglite-'));
    const pglite = await openDatabase({ dataDir });
    try {
      await maximalImports('PGlite (a data folder, in this process)', pglite, files);
    } finally {
      await pglite.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (args['skip-postgres']) return;

  // A database of its own: dropping it under the maximal run's app would cut its listener.
  const maximal = await openDatabase({ url: await freshPostgresDatabase('lw_bench_import_maximal') });
  try {
    await maximalImports('PostgreSQL', maximal, files);
  } finally {
    await maximal.close();
  }

  const database = await openDatabase({ url: await freshPostgresDatabase('lw_bench_import') });
  const fixtures = await insertFixtures(database.db);
  const app = await benchApp(database, 'import');
  const auth = { authorization: `Bearer ${await benchToken(app, 'test-admin')}` };
  const owner = fixtures.org.owner;

  line(`\nimport bench on PostgreSQL: ${rows.toLocaleString('en')} rows per file`);
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
// The worker threads of the apps (spreadsheet reading) and the pools are closed; exit for any
// handle a library keeps.
process.exit(0);
