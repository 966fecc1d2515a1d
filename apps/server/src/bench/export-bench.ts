// npm run bench:export — list exports on PostgreSQL (BENCH_DATABASE_URL, database lw_bench_export,
// recreated each run): 20,000, 100,000 and 200,000 events of one organisation exported as CSV and
// XLSX through the whole HTTP stack over a real socket (GET /events/export, closed events too),
// timed to the last byte (target: ≤ 5 s for 100,000), with the server's peak memory growth while
// it streams (target: flat, the same whatever the row count).
// Each export runs in a server process of its own (this file, forked with --expose-gc): a process
// keeps the heap it once grew, so exports in one process would hide each other's peaks. The server
// first exports a few hundred rows (code compiled, pools filled), then collects garbage, then
// samples its RSS, V8 heap and Buffer memory every 10 ms while this process downloads.
// Benchmarks print figures; they never assert on time.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../db/database.ts';
import { lifts } from '../db/schema.ts';
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

const liftCount = 500;
/** Row counts and the event types that select them: a tenth are battery events, four tenths unavailability. */
const sizes = [
  { rows: 20_000, types: 'battery' },
  { rows: 100_000, types: 'battery,unavailable' },
  { rows: 200_000, types: undefined },
] as const;
const formats = ['csv', 'xlsx'] as const;

interface ServerReady {
  port: number;
  token: string;
  organisationId: number;
  oneLift: number;
}
interface MemoryPeaks {
  rss: number;
  heap: number;
  buffers: number;
  /** V8 heap still in use after a full collection once the download has ended: what is kept. */
  retained: number;
}

async function parent() {
  const url = await freshPostgresDatabase('lw_bench_export');
  const database = await openDatabase({ url });
  const fixtures = await insertFixtures(database.db);
  const owner = fixtures.org.owner;
  const total = sizes[sizes.length - 1]?.rows ?? 0;
  line(`export bench on PostgreSQL: ${total.toLocaleString('en')} events over ${liftCount} lifts`);
  await printLoadAndReference(database);

  // Made in SQL: the export is what is measured. Every third event still open.
  await database.db.execute(sql`
    insert into lifts (organisation_id, name, address, city)
    select ${owner}, 'Benchlift ' || g, 'Benchlaan ' || g, 'Utrecht' from generate_series(1, ${liftCount}) g`);
  await database.db.execute(sql`
    insert into events (lift_id, type, started_at, ended_at, closed, floor)
    select l.id,
           case when g % 10 = 0 then 'battery'
                when g % 10 <= 4 then 'unavailable'
                else (array['sense_failure','en627_door_closing_fault','alarm_call'])[1 + g % 3] end,
           timestamptz '2025-01-01 00:00:00+00' + g * interval '150 seconds',
           case when g % 3 = 0 then null
                else timestamptz '2025-01-01 00:00:00+00' + g * interval '150 seconds' + (g % 97) * interval '1 minute' end,
           g % 3 <> 0,
           nullif(g % 7, 6)
    from generate_series(1, ${total}) g
    join (select id, row_number() over (order by id) - 1 as n from lifts where organisation_id = ${owner}) l
      on l.n = g % ${liftCount}`);
  await database.db.execute(sql`analyze`);
  await database.close();

  line(`\nGET /events/export streamed over HTTP; a fresh server process for each export, this process the client`);
  line(
    `${'format'.padEnd(6)} ${'rows'.padStart(8)} ${'size'.padStart(8)} ${'time'.padStart(8)}   peak growth: RSS / V8 heap / Buffers; heap kept after GC`,
  );
  for (const format of formats) {
    for (const size of sizes) {
      const child = fork(fileURLToPath(import.meta.url), ['--server', url], {
        execArgv: [...process.execArgv, '--expose-gc'],
      });
      const [ready] = (await once(child, 'message')) as [ServerReady];
      const query = (extra: string) =>
        `/liftwacht/events/export?organisationId=${ready.organisationId}&showClosed=true&format=${format}${extra}`;
      await download(ready.port, { method: 'GET', path: query(`&liftIds=${ready.oneLift}`), token: ready.token });
      const measured = ask(child, 'start');
      await measured.started;
      const result = await download(ready.port, {
        method: 'GET',
        path: query(size.types ? `&types=${size.types}` : ''),
        token: ready.token,
      });
      child.send('stop');
      const peaks = await measured.peaks;
      child.send('exit');
      await once(child, 'exit');
      const rows = format === 'csv' ? result.newlines - 1 : size.rows;
      line(
        `${format.toUpperCase().padEnd(6)} ${rows.toLocaleString('en').padStart(8)} ${mb(result.bytes).padStart(8)} ${seconds(result.ms).padStart(8)}` +
          `   ${mb(peaks.rss)} / ${mb(peaks.heap)} / ${mb(peaks.buffers)}; ${mb(peaks.retained)}${result.status === 200 ? '' : ` (HTTP ${result.status})`}`,
      );
    }
  }
  line(`load average (1 min) at the end: ${loadAverage()}`);
}

/** Sends 'start' and collects the child's answers: 'started', then its peaks after 'stop'. */
function ask(child: ChildProcess, message: string) {
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const peaks = new Promise<MemoryPeaks>((resolve) => {
    const listen = (answer: unknown) => {
      if (answer === 'started') {
        started();
        return;
      }
      child.off('message', listen);
      resolve(answer as MemoryPeaks);
    };
    child.on('message', listen);
  });
  child.send(message);
  return { started: startedPromise, peaks };
}

async function server(url: string) {
  const send = (message: unknown) => process.send?.(message);
  const database = await openDatabase({ url });
  const app = await benchApp(database, 'export');
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const [lift] = await database.db
    .select({ id: lifts.id, organisationId: lifts.organisationId })
    .from(lifts)
    .where(eq(lifts.name, 'Benchlift 1'));
  send({
    port,
    token: await benchToken(app, 'test-admin'),
    organisationId: lift?.organisationId ?? 0,
    oneLift: lift?.id ?? 0,
  } satisfies ServerReady);

  let sampler: NodeJS.Timeout | undefined;
  const peaks: MemoryPeaks = { rss: 0, heap: 0, buffers: 0, retained: 0 };
  let baseHeap = 0;
  process.on('message', (message) => {
    if (message === 'start') {
      global.gc?.();
      const base = process.memoryUsage();
      baseHeap = base.heapUsed;
      sampler = setInterval(() => {
        const now = process.memoryUsage();
        peaks.rss = Math.max(peaks.rss, now.rss - base.rss);
        peaks.heap = Math.max(peaks.heap, now.heapUsed - base.heapUsed);
        peaks.buffers = Math.max(peaks.buffers, now.arrayBuffers - base.arrayBuffers);
      }, 10);
      send('started');
    } else if (message === 'stop') {
      clearInterval(sampler);
      global.gc?.();
      peaks.retained = process.memoryUsage().heapUsed - baseHeap;
      send(peaks);
    } else if (message === 'exit') {
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
    }
  });
}

if (process.argv[2] === '--server') await server(process.argv[3] ?? '');
else await parent();
