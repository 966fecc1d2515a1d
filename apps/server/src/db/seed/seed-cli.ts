// npm run seed -- [--lifts N] [--months M] [--seed S] [--now ISO] [--reset]
// Seeds the configured database (DATABASE_URL, else PGlite in DATA_DIR) with the demo fleet.
import { parseArgs } from 'node:util';
import { ConfigError, databaseTarget, loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseTarget } from '../database.ts';
import { truncateAllTables } from './reset-database.ts';
import { defaultLiftCount, defaultMonths, defaultSeed, isDatabaseEmpty, seedDemoFleet } from './seed-demo-fleet.ts';

const usage = `Usage: npm run seed -- [options]

  --lifts N     lifts in the fleet (default ${String(defaultLiftCount)})
  --months M    months of history up to now (default ${String(defaultMonths)})
  --seed S      PRNG seed; the same options give the same data (default ${String(defaultSeed)})
  --now ISO     reference time instead of the current time, e.g. 2026-03-15T10:30:00Z
  --reset       empty every table first (the database is refused when it is not empty)
  -h, --help    show this help
`;

class UsageError extends Error {}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${String(min)} and ${String(max)}`);
  return value;
}

function parseOptions(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        lifts: { type: 'string' },
        months: { type: 'string' },
        seed: { type: 'string' },
        now: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { values } = parsed;
  const rawNow: string | undefined = values.now;
  const now = rawNow === undefined ? new Date() : new Date(rawNow);
  if (Number.isNaN(now.getTime())) throw new UsageError(`--now must be an ISO date-time, got "${rawNow ?? ''}"`);
  return {
    help: values.help,
    reset: values.reset,
    lifts: integer('lifts', values.lifts, defaultLiftCount, 1, 1_000_000),
    months: integer('months', values.months, defaultMonths, 1, 120),
    seed: integer('seed', values.seed, defaultSeed, -(2 ** 31), 2 ** 31 - 1),
    now,
  };
}

function describeTarget(target: DatabaseTarget): string {
  if ('url' in target) {
    const url = new URL(target.url);
    if (url.password) url.password = '***';
    return `PostgreSQL ${url.toString()}`;
  }
  return 'dataDir' in target ? `PGlite in ${target.dataDir}` : 'PGlite in memory';
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(usage);
    return 0;
  }
  const config = loadConfig();
  const configured: DatabaseTarget = databaseTarget(config);
  // No statement timeout: resetting and seeding a large fleet runs statements for minutes.
  const target: DatabaseTarget = 'url' in configured ? { ...configured, statementTimeoutMs: 0 } : configured;
  const out = (line: string) => process.stdout.write(`${line}\n`);

  out(`Opening ${describeTarget(target)}`);
  const database = await openDatabase(target);
  try {
    if (!(await isDatabaseEmpty(database.db))) {
      if (!options.reset) {
        process.stderr.write('The database already holds data. Run with --reset to empty it first.\n');
        return 1;
      }
    }
    if (options.reset) {
      const tables = await truncateAllTables(database.db);
      out(`Emptied ${String(tables.length)} tables`);
    }

    out(
      `Seeding ${String(options.lifts)} lifts, ${String(options.months)} months up to ${options.now.toISOString()}, seed ${String(options.seed)}`,
    );
    let lastReported = 0;
    const summary = await seedDemoFleet(database.db, {
      lifts: options.lifts,
      months: options.months,
      seed: options.seed,
      now: options.now,
      onProgress: (done, total) => {
        // About ten progress lines for large fleets, none for the small default one.
        if (total > 1000 && (done - lastReported >= total / 10 || done === total)) {
          lastReported = done;
          out(`  ${String(done)}/${String(total)} lifts`);
        }
      },
    });

    out('\nRows per table:');
    for (const [table, count] of Object.entries(summary.rows)) {
      out(`  ${table.padEnd(22)} ${String(count).padStart(12)}`);
    }
    out('\nSeconds per step:');
    for (const [step, seconds] of Object.entries(summary.steps)) {
      out(`  ${step.padEnd(30)} ${seconds.toFixed(2).padStart(8)}`);
    }
    out(`\nDone in ${summary.seconds.toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${usage}`);
      process.exitCode = 2;
    } else if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`Seeding failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    }
  },
);
