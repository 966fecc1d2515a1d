// npm run bench:stats — p50/p95 of the dashboard statistics calls:
// - 10,000 lifts × 12 months in PostgreSQL (BENCH_DATABASE_URL), all in one organisation;
// - the default demo fleet in PGlite (in memory);
// next to the same availability computed straight from the raw events in the same run; then GET
// /stats over 10 years and a 12-period compare export over a real socket with /health's worst
// latency beside them.
// --reuse keeps lw_bench_stats from an earlier run (seeding takes minutes; migrations still run),
// measured at the "now" it was seeded for.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import {
  availabilityChannel,
  availabilityKinds,
  refreshAvailabilityRollup,
} from '../db/rollups/availability-rollup.ts';
import { demoPassword, seedDemoFleet } from '../db/seed/seed-demo-fleet.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { systemClock } from '../lib/clock.ts';
import { AvailabilityMonthCache } from '../modules/dashboard/availability-month-cache.ts';
import { AvailabilityRepository } from '../modules/dashboard/availability.repository.ts';
import { computeAvailability } from '../modules/dashboard/availability-engine.ts';
import { createMailer } from '../plugins/mail.ts';
import pg from 'pg';
import {
  benchDatabaseUrl,
  download,
  freshPostgresDatabase,
  healthText,
  line,
  measure,
  printLoadAndReference,
  printTimings,
  withHealthProbe,
  type Timing,
} from './bench-support.ts';

const { values: args } = parseArgs({
  options: {
    lifts: { type: 'string', default: '10000' },
    months: { type: 'string', default: '12' },
    runs: { type: 'string', default: '50' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    // keep lw_bench_stats (and its rollup) from an earlier run: seeding 10,000 lifts takes minutes
    reuse: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

async function benchDatabase(
  label: string,
  database: Database,
  now: Date,
  singleOrganisation: boolean,
  refreshRollup = true,
): Promise<void> {
  const db = database.db;
  if (singleOrganisation) {
    // Put the whole fleet in one organisation: the target is "a year over 10,000 lifts".
    await db.execute(
      sql`update lifts set organisation_id = (select organisation_id from users where username = 'demo-admin')
          where organisation_id <> (select organisation_id from users where username = 'demo-admin')`,
    );
  }
  if (refreshRollup) {
    const seedStart = performance.now();
    for (const kind of availabilityKinds) await refreshAvailabilityRollup(db, kind);
    process.stdout.write(
      `${label}: availability rollup refreshed in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
    );
  }

  // The state autovacuum keeps a running database in: planner statistics and the visibility map
  // (index-only scans) cover what seeding and migrations just wrote.
  await db.execute(sql`vacuum analyze`);

  const [org] = await sqlRows<{ id: number; lifts: number }>(
    db,
    sql`select l.organisation_id as id, count(*)::int as lifts from lifts l
        where l.organisation_id = (select organisation_id from users where username = 'demo-admin')
        group by l.organisation_id`,
  );
  if (!org) throw new Error('no demo-admin organisation with lifts');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' });
  const clock = { now: () => now };
  const app = await buildApp({
    config,
    database,
    clock,
    mailer: createMailer({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }),
    logger: false,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/liftwacht/auth',
    payload: { username: 'demo-admin', password: demoPassword },
  });
  const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
  const call = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };

  const to = isoDay(new Date(now.getTime() - 86400e3));
  const monthFrom = `${to.slice(0, 8)}01`;
  const monthEnd = isoDay(new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 0)));
  const yearFrom = isoDay(
    new Date(Date.UTC(Number(to.slice(0, 4)) - 1, Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)) + 1)),
  );
  const base = `/liftwacht/stats?organisationId=${org.id}&startHour=7&endHour=19`;
  // The engine as the server runs it: whole months kept in memory, kept right by the rollup's signals.
  const months = new AvailabilityMonthCache(async (payload) => {
    await db.execute(sql`select pg_notify(${availabilityChannel}, ${payload})`);
  });
  const unlisten = await database.listen(availabilityChannel, months.handlers);
  const repo = new AvailabilityRepository(db, months);
  const yearPeriod = { from: yearFrom, to, startHour: 7, endHour: 19 };
  const monthPeriod = { from: monthFrom, to, startHour: 7, endHour: 19 };

  const timings: Timing[] = [
    await measure('stats current view', () => call(base), runs),
    await measure('stats month', () => call(`${base}&from=${monthFrom}&to=${to}`), runs),
    // what the period selector's "month" sends: the whole calendar month, today and open events included
    await measure(
      'stats month (calendar, period selector)',
      () => call(`${base}&from=${monthFrom}&to=${monthEnd}`),
      runs,
    ),
    await measure('stats year (rolling 12 months)', () => call(`${base}&from=${yearFrom}&to=${to}`), runs),
    // what the period selector's "year" sends: the calendar year, here the current one
    await measure(
      'stats year (calendar, period selector)',
      () => call(`${base}&from=${to.slice(0, 4)}-01-01&to=${to.slice(0, 4)}-12-31`),
      runs,
    ),
    await measure(
      'stats details: year availability 0–98 %',
      () =>
        call(
          `/liftwacht/stats/details?type=liftAvailability&lower=0&upper=0.98&organisationId=${org.id}&from=${yearFrom}&to=${to}`,
        ),
      runs,
    ),
    await measure(
      'stats details: current unavailable',
      () => call(`/liftwacht/stats/details?type=liftUnavailable&organisationId=${org.id}`),
      runs,
    ),
    await measure(
      'availability month, engine (rollup)',
      () => computeAvailability(repo, 'unavailable', { organisationId: org.id }, monthPeriod, now),
      runs,
    ),
    await measure(
      'availability month, raw events (exact)',
      () => computeAvailability(repo, 'unavailable', { organisationId: org.id }, monthPeriod, now, 'exact'),
      Math.min(runs, 20),
    ),
    await measure(
      'availability year, engine (rollup)',
      () => computeAvailability(repo, 'unavailable', { organisationId: org.id }, yearPeriod, now),
      runs,
    ),
    await measure(
      'availability year, raw events (exact)',
      () => computeAvailability(repo, 'unavailable', { organisationId: org.id }, yearPeriod, now, 'exact'),
      Math.min(runs, 20),
    ),
  ];
  printTimings(`${label}: organisation ${org.id} with ${org.lifts} lifts, year ${yearFrom}..${to}`, timings);
  // The ratio: the calendar year's GET /stats against the naive raw-events year, same run.
  const calendar = timings.find((t) => t.name.startsWith('stats year (calendar'));
  const naive = timings.find((t) => t.name === 'availability year, raw events (exact)');
  if (calendar && naive) {
    line(
      `calendar year vs raw-events year: ${(naive.p50 / calendar.p50).toFixed(1)}× at p50, ${(naive.p95 / calendar.p95).toFixed(1)}× at p95`,
    );
  }
  await heavyReads(app, token, org.id, now);
  await printLoadAndReference(database);
  await unlisten();
  await app.close();
}

/**
 * The heaviest reads a user can ask, over a real socket with /health probed every 50 ms from another
 * thread (target: its worst under 1 s): GET /stats over 10 years, and the compare-periods export of
 * 12 periods of 10 years each (the most it takes), each period ending a day earlier than the last.
 */
async function heavyReads(app: FastifyInstance, token: string, organisationId: number, now: Date): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const dayBefore = (n: number) => isoDay(new Date(now.getTime() - n * 86400e3));
  const tenYearsTo = (to: string) => {
    const from = new Date(`${to}T00:00:00Z`);
    from.setUTCFullYear(from.getUTCFullYear() - 10);
    return `${isoDay(new Date(from.getTime() + 86400e3))}/${to}`;
  };
  const hours = 'startHour=7&endHour=19';
  const [from, to] = tenYearsTo(dayBefore(1)).split('/');
  const reads = [
    {
      name: 'GET /stats, 10 years',
      path: `/liftwacht/stats?organisationId=${organisationId}&from=${from}&to=${to}&${hours}`,
    },
    {
      name: 'compare export, 12 periods of 10 years (xlsx)',
      path: `/liftwacht/stats/compare/export?organisationId=${organisationId}&format=xlsx&${hours}&periods=${Array.from(
        { length: 12 },
        (_, i) => tenYearsTo(dayBefore(2 + i)),
      ).join(',')}`,
    },
  ];
  line('\nheavy reads over a socket, /health probed every 50 ms (target: worst < 1 s)');
  for (const read of reads) {
    const { result, health } = await withHealthProbe(port, () =>
      download(port, { method: 'GET', path: read.path, token }),
    );
    if (result.status !== 200) throw new Error(`${read.name}: ${result.status}`);
    line(`${read.name.padEnd(48)} ${result.ms.toFixed(0).padStart(6)} ms   ${healthText(health)}`);
  }
}

const statsBenchName = 'lw_bench_stats';

function statsBenchUrl(): string {
  const url = new URL(benchDatabaseUrl);
  url.pathname = `/${statsBenchName}`;
  return url.toString();
}

/** The "now" an earlier run seeded lw_bench_stats for, when it is there; null otherwise. */
async function seededNow(): Promise<Date | null> {
  const client = new pg.Client({ connectionString: statsBenchUrl() });
  try {
    await client.connect();
    const result = await client.query<{ value: string }>(`select value from meta where key = 'bench_now'`);
    const value = result.rows[0]?.value;
    return value ? new Date(value) : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const now = systemClock.now();
  if (!args['skip-pglite']) {
    const database = await openDatabase({ memory: true });
    const start = performance.now();
    await seedDemoFleet(database.db, { now });
    process.stdout.write(`PGlite: demo fleet seeded in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
    await benchDatabase('PGlite demo fleet', database, now, false);
    await database.close();
  }
  if (!args['skip-postgres']) {
    const reusedNow = args.reuse ? await seededNow() : null;
    const url = reusedNow ? statsBenchUrl() : await freshPostgresDatabase(statsBenchName);
    const database = await openDatabase({ url });
    let fleetNow = now;
    if (reusedNow) {
      // Keep the "now" the fleet was seeded for: open events and periods look as they did then.
      fleetNow = reusedNow;
      process.stdout.write(`PostgreSQL: reusing ${statsBenchName} seeded for ${fleetNow.toISOString()}\n`);
    } else {
      const start = performance.now();
      await seedDemoFleet(database.db, { now, lifts: Number(args.lifts), months: Number(args.months) });
      await database.db.execute(sql`insert into meta (key, value) values ('bench_now', ${now.toISOString()})`);
      process.stdout.write(
        `PostgreSQL: ${args.lifts} lifts × ${args.months} months seeded in ${((performance.now() - start) / 1000).toFixed(1)} s\n`,
      );
    }
    const [fleet] = await sqlRows<{ lifts: number; rolledUp: boolean }>(
      database.db,
      sql`select (select count(*) from lifts)::int as lifts, exists (select 1 from daily_availability) as "rolledUp"`,
    );
    const refresh = !reusedNow || !fleet?.rolledUp;
    await benchDatabase(`PostgreSQL ${String(fleet?.lifts ?? 0)} lifts`, database, fleetNow, true, refresh);
    await database.close();
  }
}

await main();
