// A throwaway PostgreSQL cluster of the test's own, on a free loopback port, that the test may stop
// and start again (the shared server of TEST_DATABASE_URL must never be restarted). Run as the
// `postgres` user when the tests run as root (CI), as .ci/run does: PostgreSQL refuses root.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../modules/realtime/test-services.ts';

const run = promisify(execFile);

/** The newest installed PostgreSQL's binaries (Debian's layout), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')) && existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** Why a cluster cannot be started here, or null when it can. */
export function postgresClusterUnavailable(): string | null {
  if (!postgresBinDir()) return 'needs PostgreSQL (apt-get install -y postgresql)';
  if (process.getuid?.() !== 0) return null;
  const hasPostgresUser = existsSync('/etc/passwd') && /^postgres:/m.test(readFileSync('/etc/passwd', 'utf8'));
  const hasRunuser = ['/usr/sbin/runuser', '/usr/bin/runuser', '/sbin/runuser'].some((p) => existsSync(p));
  return hasPostgresUser && hasRunuser ? null : 'running as root needs runuser and a postgres user';
}

export interface PostgresCluster {
  /** `postgresql://liftwacht@127.0.0.1:{port}/postgres`, trust authentication. */
  adminUrl: string;
  port: number;
  /** `pg_ctl stop -m fast`: open connections are terminated (57P01), new ones refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL not installed');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-pg-restart-'));
  chmodSync(dir, 0o755);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  // Asynchronous on purpose: the app under test shares this process and keeps serving meanwhile.
  const pgTool = async (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    await (asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  const options = `-p ${String(port)} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=100`;
  const start = () => pgTool('pg_ctl', ['-D', data, '-l', path.join(dir, 'pg.log'), '-o', options, '-w', 'start']);
  await pgTool('initdb', ['-D', data, '-U', 'liftwacht', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  await start();
  return {
    adminUrl: `postgresql://liftwacht@127.0.0.1:${String(port)}/postgres`,
    port,
    stop: () => pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy: async () => {
      await pgTool('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
