// npm run backup -- [FILE]   /   npm run restore -- FILE [--replace]
// The embedded database (PGlite in DATA_DIR) to and from one .tar.gz, with the server stopped
// (pglite-backup.ts). With DATABASE_URL the database is a PostgreSQL server: pg_dump / pg_restore.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { DataDirInUseError } from '../data-dir-lock.ts';
import { backupDataDir, BackupError, restoreDataDir, type TableRows } from './pglite-backup.ts';

const usage = `Usage:
  npm run backup -- [FILE]             the database in DATA_DIR to FILE
                                       (default liftwacht-backup-<UTC time>.tar.gz here)
  npm run restore -- FILE [--replace]  FILE becomes the database in DATA_DIR; --replace sets an
                                       existing one aside (DATA_DIR/pglite.before-restore-<time>)
Stop the server first. With DATABASE_URL, use pg_dump and pg_restore (docs/deploy.md).
`;

class UsageError extends Error {}

function summary(rows: TableRows): string {
  const shown = ['organisations', 'users', 'lifts', 'events', 'calls', 'visits'];
  const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
  return `${shown.map((t) => `${String(rows[t] ?? 0)} ${t}`).join(', ')}; ${String(total)} rows in ${String(Object.keys(rows).length)} tables`;
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          replace: { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
      });
    } catch (err) {
      throw new UsageError(err instanceof Error ? err.message : String(err));
    }
  })();
  const [command, file, ...rest] = positionals;
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  if ((command !== 'backup' && command !== 'restore') || rest.length > 0) throw new UsageError('unexpected arguments');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new UsageError(
      'DATABASE_URL is set: the database is a PostgreSQL server; back it up with pg_dump -Fc and restore with pg_restore',
    );
  }
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (command === 'backup') {
    if (values.replace) throw new UsageError('--replace belongs to restore');
    const target = path.resolve(file ?? `liftwacht-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    const result = await backupDataDir(config.dataDir, target);
    process.stdout.write(
      `Backed up ${config.dataDir} to ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB) in ${seconds()} s: ${summary(result.rows)}\n`,
    );
    return;
  }
  if (!file) throw new UsageError('restore needs the backup file');
  const result = await restoreDataDir(path.resolve(file), config.dataDir, { replace: values.replace });
  process.stdout.write(
    `Restored ${path.resolve(file)} into ${config.dataDir} in ${seconds()} s: ${summary(result.rows)}\n` +
      (result.previous ? `The database it replaced is in ${result.previous}\n` : '') +
      'The next start applies any newer migrations.\n',
  );
}

run(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`${err.message}\n\n${usage}`);
    process.exit(2);
  }
  if (err instanceof ConfigError || err instanceof BackupError || err instanceof DataDirInUseError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
});
