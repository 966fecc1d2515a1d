// npm run bench:lifts — p50/p95 of the lift pages' calls on 10,000 lifts in one organisation, in
// PostgreSQL (BENCH_DATABASE_URL, database lw_bench_lifts, recreated each run), through the whole
// HTTP stack (auth, validation, serialisation). One lift also gets a year of quarter-hour counters
// (35,040 buckets × 2 kinds) for the 15-minute chart.
//
// The fleet comes from the demo seed (seedDemoFleet, 12 months) when it loads and runs, or with
// --generator quick from a deterministic SQL generator here, which takes seconds instead of
// minutes. Benchmarks print figures; they never assert on time.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { systemClock } from '../lib/clock.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { LiftCountersRepository } from '../modules/lifts/lift-counters.repository.ts';
import { lastClosedDay, QuarterHourDaysRepository } from '../modules/ingest/quarter-hour-days.repository.ts';
import { addDays } from '../lib/calendar-days.ts';
import { localDay } from '../lib/local-day.ts';
import { createMailer } from '../plugins/mail.ts';
import pg from 'pg';
import {
  benchDatabaseUrl,
  freshPostgresDatabase,
  measure as measurePercentiles,
  type Timing,
} from './bench-support.ts';

const { values: args } = parseArgs({
  options: {
    lifts: { type: 'string', default: '10000' },
    months: { type: 'string', default: '12' },
    runs: { type: 'string', default: '50' },
    // demo: the demo-fleet seed (falls back to quick when it is missing or fails); quick: here
    generator: { type: 'string', default: 'demo' },
    // keep the lw_bench_lifts of an earlier run (migrations still run), to measure again quickly
    reuse: { type: 'boolean', default: false },
    // off: run with PostgreSQL's JIT compiler disabled for the bench database (see below)
    jit: { type: 'string', default: 'on' },
  },
});
const liftCount = Number(args.lifts);
const runs = Math.max(50, Number(args.runs));
const benchUser = { username: 'bench-admin', password: 'Bench-password-2026' };

interface LiftTiming extends Timing {
  /** Fastest run: on a busy machine the one least disturbed by other processes. */
  min: number;
}

/** bench-support's measure, plus the fastest run. */
async function measure(name: string, fn: () => Promise<unknown>, count: number): Promise<LiftTiming> {
  const samples: number[] = [];
  const timing = await measurePercentiles(
    name,
    async () => {
      const start = performance.now();
      await fn();
      samples.push(performance.now() - start);
    },
    count,
  );
  // The first samples are bench-support's unmeasured warm-up runs.
  return { ...timing, min: Math.min(...samples.slice(samples.length - count)) };
}

function printLiftTimings(title: string, timings: LiftTiming[]): void {
  log(`\n${title}`);
  log(
    `${'call'.padEnd(48)} ${'runs'.padStart(5)} ${'min ms'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'max ms'.padStart(9)}`,
  );
  for (const t of timings) {
    const cells = [t.min, t.p50, t.p95, t.max].map((v) => v.toFixed(1).padStart(9)).join(' ');
    log(`${t.name.padEnd(48)} ${String(t.runs).padStart(5)} ${cells}`);
  }
}

function log(text: string): void {
  process.stdout.write(`${text}\n`);
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  log(`${label} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/** The demo fleet, if the seed module is there and works; false otherwise. */
async function seedWithDemoFleet(db: Db, now: Date): Promise<boolean> {
  try {
    const seed = (await import('../db/seed/seed-demo-fleet.ts')) as {
      seedDemoFleet: (db: Db, options: { now: Date; lifts: number; months: number }) => Promise<unknown>;
    };
    await seed.seedDemoFleet(db, { now, lifts: liftCount, months: Number(args.months) });
    return true;
  } catch (error) {
    log(
      `demo fleet seed unavailable (${error instanceof Error ? error.message : String(error)}); using --generator quick`,
    );
    return false;
  }
}

/**
 * A deterministic fleet straight in SQL: every value is a function of the lift number g, so runs
 * compare. Per lift: a module, 20 visits, 20 logbook entries, 3 inspections, a year of daily
 * ride and energy counts; 2 % have an open outage, 1 % a visit in progress.
 */
async function seedQuick(db: Db, now: Date): Promise<void> {
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${nowTs} at time zone 'Europe/Amsterdam')::date`;
  await db.execute(sql`insert into organisations (name, type) values ('Bench Woningen', 'owner')`);
  await db.execute(
    sql`insert into roles (name) values ('admin'), ('user'), ('client-light'), ('monteur') on conflict do nothing`,
  );
  await db.execute(sql`
    insert into lifts (organisation_id, name, address, postal_code, city, building_name, sbcl_id, serial_number,
                       owner_number, inspection_number, installer_number, telephone_number, manufacturer_number,
                       lift_type, has_flow, maintenance_interval_days, commissioned_on, updated_at)
    select (select min(id) from organisations),
           'Lift ' || chr(65 + g % 4) || ' ' || (g / 4),
           (array['Kerkstraat','Stationsweg','Dorpsstraat','Molenweg','Schoolstraat','Julianalaan','Beatrixlaan',
                  'Parallelweg','Kastanjelaan','Lindelaan','Eikenlaan','Wilhelminastraat','Prins Hendrikkade',
                  'Oranjesingel','Spoorlaan','Havenstraat','Marktplein','Emmastraat','Nieuwstraat','Hoofdstraat'])[1 + g % 20]
             || ' ' || (1 + (g * 7) % 180),
           (1000 + (g * 37) % 8999)::text || ' ' || chr(65 + g % 23) || chr(65 + (g / 23) % 23),
           (array['Amsterdam','Rotterdam','Utrecht','Den Haag','Eindhoven','Groningen','Tilburg','Almere','Breda',
                  'Nijmegen','''s-Hertogenbosch','Enschede','Zwolle','Leiden','Delft'])[1 + (g / 20) % 15],
           (array['Residentie','Flat','Zorgcentrum','Kantoor','Parkeergarage'])[1 + g % 5] || ' ' ||
             (array['Zonneveld','De Linde','Ériká','Het Anker','Nieuwland','Céline','De Horst'])[1 + (g / 5) % 7],
           'SBCL-' || lpad(g::text, 6, '0'), 'SN-' || lpad((g * 7919 % 1000000)::text, 6, '0'),
           'EIG-' || g, 'KEU-' || lpad((g * 31)::text, 7, '0'), 'INST-' || (g * 13), '0' || (200000000 + g * 17),
           (array['KONE','OT','SCH','TK'])[1 + g % 4] || '-' || lpad(g::text, 7, '0'),
           case when g % 10 = 0 then null else (array['MRL','Hydraulisch','Tractie'])[1 + g % 3] end,
           g % 3 = 0, (array[30, 60, 90, 90, 180])[1 + g % 5],
           date '1995-01-01' + (g * 97) % 10000, ${nowTs} - make_interval(days => g % 400)
    from generate_series(1, ${liftCount}) g`);
  await db.execute(sql`
    insert into modules (es_number, lift_id, firmware, last_seen_at, connected)
    select 'ES-' || lpad(l.id::text, 6, '0'), l.id, '2.' || (l.id % 5) || '.0',
           ${nowTs} - make_interval(mins => case when l.id % 50 = 0 then 60 else l.id % 5 end),
           l.id % 50 <> 0
    from lifts l`);
  await db.execute(sql`
    insert into visits (lift_id, type, role, state, started_at, ended_at, person, remarks)
    select l.id, (array['maintenance','maintenance','repair','failure','inspection'])[1 + (l.id + n) % 5],
           case when (l.id + n) % 5 = 4 then 'inspector' else 'mechanic' end,
           case when n = 0 and l.id % 100 = 0 then 'progress' else 'finished' end,
           ${nowTs} - make_interval(days => n * 18 + l.id % 7, hours => l.id % 9),
           case when n = 0 and l.id % 100 = 0 then null
                else ${nowTs} - make_interval(days => n * 18 + l.id % 7, hours => l.id % 9) + interval '90 minutes' end,
           (array['J. de Vries','P. Jansen','M. Bakker','S. Visser'])[1 + (l.id + n) % 4],
           'Bezoek ' || n
    from lifts l cross join generate_series(0, 19) n`);
  await db.execute(sql`
    insert into logbook (lift_id, log_type, at, text)
    select l.id, (array['maintenance','repair','check','other'])[1 + (l.id + n) % 4],
           ${nowTs} - make_interval(days => n * 18 + l.id % 11), 'Logregel ' || n || ' van lift ' || l.id
    from lifts l cross join generate_series(0, 19) n`);
  await db.execute(sql`
    insert into inspections (lift_id, inspected_on, result, valid_until, body, log_type)
    select l.id, ${today} - (n * 540 + l.id % 200),
           case when n = 0 and l.id % 40 = 0 then 'rejected' else 'approved' end,
           case when n = 0 and l.id % 40 = 0 then null else ${today} - (n * 540 + l.id % 200) + 540 end,
           'Liftinstituut', 'periodic_inspection'
    from lifts l cross join generate_series(0, 2) n`);
  await db.execute(sql`
    insert into events (lift_id, type, started_at, ended_at)
    select l.id, 'unavailable', ${nowTs} - make_interval(hours => 1 + l.id % 30), null from lifts l where l.id % 50 = 7
    union all
    select l.id, 'unavailable', ${nowTs} - make_interval(days => n * 10 + l.id % 9),
           ${nowTs} - make_interval(days => n * 10 + l.id % 9) + interval '3 hours'
    from lifts l cross join generate_series(1, 30) n`);
  await db.execute(sql`
    insert into daily_counters (lift_id, kind, day, value)
    select l.id, k.kind, ${today} - d,
           case when k.kind = 'rides' then 50 + (l.id * 7 + d * 13) % 400 else 4000 + (l.id * 11 + d * 17) % 9000 end
    from lifts l cross join generate_series(0, 364) d cross join (values ('rides'), ('energy_wh')) k(kind)`);
}

/** Replaces one lift's raw counters with a full year of quarter hours per kind. */
async function seedYearOfQuarterHours(db: Db, liftId: number, now: Date): Promise<number> {
  await db.execute(sql`delete from counters where lift_id = ${liftId}`);
  await db.execute(sql`
    insert into counters (lift_id, kind, bucket_start, value)
    select ${liftId}, k.kind, q, case when k.kind = 'rides' then (extract(epoch from q)::bigint / 900) % 13
                                 else 20 + (extract(epoch from q)::bigint / 900) % 50 end
    from generate_series(date_bin('15 minutes', ${now.toISOString()}::timestamptz, '2000-01-01'::timestamptz)
                           - interval '365 days', ${now.toISOString()}::timestamptz - interval '15 minutes',
                         interval '15 minutes') q
    cross join (values ('rides'), ('energy_wh')) k(kind)`);
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from counters where lift_id = ${liftId}`,
  );
  return row?.n ?? 0;
}

function benchUrl(): string {
  const url = new URL(benchDatabaseUrl);
  url.pathname = '/lw_bench_lifts';
  return url.toString();
}

/** True when lw_bench_lifts exists with a seeded fleet and the bench user. */
async function hasBenchFleet(): Promise<boolean> {
  const client = new pg.Client({ connectionString: benchUrl() });
  try {
    await client.connect();
    const result = await client.query<{ ok: boolean }>(
      `select exists (select 1 from users where username = $1) and exists (select 1 from meta where key = 'bench_now') as ok`,
      [benchUser.username],
    );
    return result.rows[0]?.ok ?? false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL JIT-compiles any query whose estimate passes jit_above_cost. A status filter that
 * visits every lift (maintenance insufficient) crosses it and spends more time compiling than
 * running; `--jit off` shows the figures with JIT disabled for the bench database.
 */
async function setJit(on: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  await client.connect();
  await client.query(on ? 'alter database lw_bench_lifts reset jit' : 'alter database lw_bench_lifts set jit = off');
  await client.end();
}

async function fleetOrganisation(db: Db): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`select organisation_id as id from users where username = ${benchUser.username}`,
  );
  if (!row) throw new Error('no bench user');
  return row.id;
}

/** A bench user with role user in the organisation that holds the whole fleet. */
async function benchOrganisation(db: Db): Promise<number> {
  const [org] = await sqlRows<{ id: number }>(
    db,
    sql`select organisation_id as id from lifts group by organisation_id order by count(*) desc, organisation_id limit 1`,
  );
  if (!org) throw new Error('no lifts seeded');
  // The target is 10,000 lifts a user can search: put the whole fleet in one organisation.
  await db.execute(sql`update lifts set organisation_id = ${org.id} where organisation_id <> ${org.id}`);
  const [user] = await sqlRows<{ id: number }>(
    db,
    sql`insert into users (username, email, name, password_hash, organisation_id)
        values (${benchUser.username}, 'bench@example.test', 'Bench', ${await hashPassword(benchUser.password)}, ${org.id})
        returning id`,
  );
  await db.execute(
    sql`insert into user_roles (user_id, role_id) select ${user?.id ?? 0}, id from roles where name = 'user'`,
  );
  await db.execute(sql`analyze`);
  return org.id;
}

async function startApp(database: Awaited<ReturnType<typeof openDatabase>>, now: Date): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'liftwacht-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' });
  const app = await buildApp({
    config,
    database,
    clock: { now: () => now },
    mailer: createMailer({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }),
    logger: false,
  });
  await app.ready();
  return app;
}

async function main(): Promise<void> {
  const reuse = args.reuse && (await hasBenchFleet());
  const url = reuse ? benchUrl() : await freshPostgresDatabase('lw_bench_lifts');
  await setJit(args.jit !== 'off');
  const database = await openDatabase({ url });
  const db = database.db;
  let demo = false;
  let generator = 'unknown generator';
  let now = systemClock.now();
  if (reuse) {
    // The fleet's "now" is when it was seeded: keep it, so statuses and charts see what they saw.
    now = new Date(
      (await sqlRows<{ now: string }>(db, sql`select value as now from meta where key = 'bench_now'`))[0]?.now ?? now,
    );
    generator =
      (await sqlRows<{ value: string }>(db, sql`select value from meta where key = 'bench_generator'`))[0]?.value ??
      generator;
    log(`reusing lw_bench_lifts (${generator}) seeded for ${now.toISOString()}`);
  } else {
    demo = args.generator === 'demo' && (await timed('demo fleet seeded', () => seedWithDemoFleet(db, now)));
    generator = demo ? 'demo fleet' : 'quick generator';
    if (!demo) {
      // A failed demo seed rolled back its transaction; start again from an empty database.
      await timed(`quick fleet of ${liftCount} lifts generated`, () => seedQuick(db, now));
    }
    await db.execute(sql`insert into meta (key, value)
      values ('bench_now', ${now.toISOString()}), ('bench_generator', ${generator})`);
  }
  const organisationId = reuse ? await fleetOrganisation(db) : await benchOrganisation(db);
  const liftIds = (
    await sqlRows<{ id: number }>(db, sql`select id from lifts where organisation_id = ${organisationId} order by id`)
  ).map((r) => r.id);
  const chartLift = liftIds[0] ?? 0;
  const quarterRows = reuse
    ? ((await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from counters where lift_id = ${chartLift}`))[0]
        ?.n ?? 0)
    : await timed('a year of quarter hours seeded', () => seedYearOfQuarterHours(db, chartLift, now));
  // What the hourly module-health job does for days ingest can no longer write, for the chart lift
  // whose raw year was (re)written by hand: its closed days as one array each.
  const closedDays = await timed('closed days of the chart lift', () =>
    new QuarterHourDaysRepository(db).recloseLift(chartLift, addDays(localDay(now), -400), lastClosedDay(now)),
  );
  await db.execute(sql`analyze counters`);
  await db.execute(sql`analyze daily_quarter_hours`);
  const counts = await sqlRows<{ lifts: number; visits: number; logbook: number; dailies: number }>(
    db,
    sql`select (select count(*) from lifts)::int as lifts, (select count(*) from visits)::int as visits,
               (select count(*) from logbook)::int as logbook, (select count(*) from daily_counters)::int as dailies`,
  );
  log(
    `rows: ${JSON.stringify({ ...counts[0], quarterHoursOfChartLift: quarterRows, closedDaysOfChartLift: closedDays })}`,
  );

  // Search words taken from the data itself, so they hit whatever generator filled it.
  const [sample] = await sqlRows<{ street: string; city: string; sbcl: string | null; es: string | null }>(
    db,
    sql`select split_part(l.address, ' ', 1) as street, l.city, l.sbcl_id as sbcl,
               (select m.es_number from modules m where m.lift_id = l.id limit 1) as es
        from lifts l where l.id = ${liftIds[Math.floor(liftIds.length / 2)] ?? chartLift}`,
  );
  const street = (sample?.street ?? 'straat').slice(1, 7).toLowerCase();

  const app = await startApp(database, now);
  const login = await app.inject({ method: 'POST', url: '/liftwacht/auth', payload: benchUser });
  const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
  const request = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => ({
    method,
    url: `/liftwacht${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  /** A call whose answer is read as one string, for the calls whose JSON the set-up uses. */
  const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const res = await app.inject(request(method, url, payload));
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  /**
   * A measured call: its answer's bytes are read as a client on a socket reads them and counted.
   * light-my-request's default joins the body into one string per call, which a socket never does:
   * for the year of quarter hours (1.6 MB) that was ~4 ms of CPU and a full garbage collection every
   * ~16 calls, more than the server's own work (session 13, November 28).
   */
  const fetchBytes = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const res = await app.inject({ ...request(method, url, payload), payloadAsStream: true });
    let bytes = 0;
    for await (const chunk of res.stream()) bytes += (chunk as Uint8Array).length;
    if (res.statusCode !== 200 || bytes === 0) throw new Error(`${method} ${url}: ${res.statusCode}, ${bytes} bytes`);
    return bytes;
  };
  let turn = 0;
  const nextLift = () => liftIds[(turn++ * 7919) % liftIds.length] ?? chartLift;
  const org = `organisationId=${organisationId}`;
  const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(now);
  const yearAgo = new Date(Date.parse(`${localToday}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const visitIds = (
    await sqlRows<{ id: number }>(db, sql`select id::float8 as id from visits order by id limit 1000`)
  ).map((r) => r.id);

  const found = (await call('GET', `/lift?${org}&search=${encodeURIComponent(street)}&limit=100`)).json<{
    data: { total: number };
  }>().data.total;
  log(`search "${street}" finds ${found} lifts`);
  // Criteria a user would combine: a street, the statuses that need attention, broad ranges.
  const [troubled] = await sqlRows<{ street: string }>(
    db,
    sql`select split_part(l.address, ' ', 1) as street from lifts l
        join events e on e.lift_id = l.id and e.type = 'unavailable' and e.ended_at is null
        order by l.id limit 1`,
  );
  const advancedCriteria = {
    address: (troubled?.street ?? street).slice(0, 6),
    statuses: ['liftUnavailable', 'senseNotConnected', 'approvalExpired', 'approvalRejected', 'visits'],
    commissionedOn: { from: '1990-01-01' },
    maintenanceIntervalDays: { min: 1, max: 365 },
  };
  const advancedFound = (await call('POST', `/lift?${org}&limit=100`, advancedCriteria)).json<{
    data: { total: number };
  }>().data.total;
  log(`advanced search finds ${advancedFound} lifts`);

  const timings: LiftTiming[] = [
    // How loaded the machine is: a fixed amount of database work (~60 ms on an idle core), and the
    // floor of any call here (token check, session lookup, one query, serialisation).
    await measure(
      'reference: count 1e6 rows in SQL',
      () => db.execute(sql`select count(*) from generate_series(1, 1000000)`),
      runs,
    ),
    await measure('baseline: GET /user', () => fetchBytes('GET', '/user'), runs),
    await measure('list: default order (name), page of 100', () => fetchBytes('GET', `/lift?${org}&limit=100`), runs),
    await measure(
      'list: count only (limit 1, as the dashboard)',
      () => fetchBytes('GET', `/lift?${org}&limit=1&offset=0`),
      runs,
    ),
    await measure(
      'search: address substring, page of 100',
      () => fetchBytes('GET', `/lift?${org}&search=${street}&limit=100`),
      runs,
    ),
    await measure(
      'search: two words (street + city)',
      () => fetchBytes('GET', `/lift?${org}&search=${encodeURIComponent(`${street} ${sample?.city ?? ''}`)}&limit=100`),
      runs,
    ),
    await measure(
      'search: lift number (sbcl id)',
      () => fetchBytes('GET', `/lift?${org}&search=${encodeURIComponent(sample?.sbcl ?? '0001')}`),
      runs,
    ),
    await measure(
      'search: es number',
      () => fetchBytes('GET', `/lift?${org}&search=${encodeURIComponent(sample?.es ?? 'ES')}`),
      runs,
    ),
    await measure(
      'list: no search, sorted by address desc',
      () => fetchBytes('GET', `/lift?${org}&sort=address&direction=desc&limit=100`),
      runs,
    ),
    await measure(
      'advanced search: fields + 3 statuses + ranges',
      () => fetchBytes('POST', `/lift?${org}&limit=100`, advancedCriteria),
      runs,
    ),
    await measure(
      'advanced search: status liftUnavailable only',
      () => fetchBytes('POST', `/lift?${org}&limit=100`, { statuses: ['liftUnavailable'] }),
      runs,
    ),
    await measure(
      'advanced search: maintenance insufficient',
      () => fetchBytes('POST', `/lift?${org}&limit=100`, { statuses: ['servicecounterMaintenanceAlert'] }),
      runs,
    ),
    await measure('lift detail', () => fetchBytes('GET', `/lift/${nextLift()}`), runs),
    await measure('lift statuses', () => fetchBytes('GET', `/lift/${nextLift()}/statuses`), runs),
    await measure('visits of a lift (page of 50)', () => fetchBytes('GET', `/lift/${nextLift()}/visits`), runs),
    await measure('visit page', () => fetchBytes('GET', `/visits/${visitIds[turn++ % visitIds.length] ?? 1}`), runs),
    await measure('logbook of a lift (page of 50)', () => fetchBytes('GET', `/lift/${nextLift()}/logbook`), runs),
    await measure(
      'counters 15m, one year (35,040 buckets)',
      () => fetchBytes('GET', `/lift/${chartLift}/counters?kind=rides&interval=15m&from=${yearAgo}&to=${localToday}`),
      runs,
    ),
    // As measured before session 13: the answer joined into one string by light-my-request.
    await measure(
      '  the same, body read as one string',
      () => call('GET', `/lift/${chartLift}/counters?kind=rides&interval=15m&from=${yearAgo}&to=${localToday}`),
      runs,
    ),
    // The same year without HTTP: the query and row decoding alone.
    await measure(
      '  of which SQL + rows (repository)',
      () => new LiftCountersRepository(database).quarterHours(chartLift, 'rides', yearAgo, localToday),
      runs,
    ),
    await measure(
      'counters day, one year',
      () =>
        fetchBytes('GET', `/lift/${nextLift()}/counters?kind=energy_wh&interval=day&from=${yearAgo}&to=${localToday}`),
      runs,
    ),
    await measure(
      'counters week, one year',
      () => fetchBytes('GET', `/lift/${nextLift()}/counters?interval=week&from=${yearAgo}&to=${localToday}`),
      runs,
    ),
    await measure('ride estimate', () => fetchBytes('GET', `/lift/${nextLift()}/ride-estimate`), runs),
    await measure('sense data', () => fetchBytes('GET', `/lift/${nextLift()}/sense-data`), runs),
  ];
  printLiftTimings(
    `PostgreSQL (jit ${args.jit === 'off' ? 'off' : 'on'}), ${liftIds.length} lifts in organisation ${organisationId} (${generator})`,
    timings,
  );
  const over = timings.filter((t) => t.p95 > 50);
  log(over.length === 0 ? '\nall p95 ≤ 50 ms' : `\np95 above 50 ms: ${over.map((t) => t.name).join(', ')}`);
  await app.close();
  await database.close();
}

await main();
