// Real Mosquitto, Redis and PostgreSQL for the multi-node and crash tests: started on free loopback
// ports in a temporary folder, stopped by the caller. A missing binary is reported, so the tests can
// skip with a clear message (CI installs all three).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface RunningService {
  url: string;
  stop(): Promise<void>;
  /** Freezes the process (SIGSTOP): its connections stay open but nothing answers. */
  pause?(): void;
  /** Lets a paused process go on (SIGCONT). */
  resume?(): void;
}

export function findBinary(name: string, extraDirs: string[] = []): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', ...extraDirs];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** Why the services cannot run here, or null when they can. */
export function missingServices(): string | null {
  const missing = [
    findBinary('mosquitto') ? null : 'mosquitto',
    findBinary('redis-server') ? null : 'redis-server',
    process.env.TEST_DATABASE_URL || postgresBinDir() ? null : 'PostgreSQL (initdb) or TEST_DATABASE_URL',
  ].filter((m): m is string => m !== null);
  return missing.length > 0
    ? `needs ${missing.join(', ')} (apt-get install -y mosquitto redis-server postgresql)`
    : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${String(child.exitCode)}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not open port ${String(port)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // Mosquitto and PostgreSQL drop root privileges; they must still reach their files.
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * Mosquitto with nothing dropped while a server node is away: queued messages per offline session
 * unlimited, as in production (docs/realtime.md).
 */
export async function startMosquitto(): Promise<RunningService> {
  const binary = findBinary('mosquitto');
  if (!binary) throw new Error('mosquitto not installed');
  const dir = scratchDir('liftwacht-mosquitto-');
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${String(port)} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 0',
      'max_inflight_messages 0',
      'log_dest none',
    ].join('\n') + '\n',
  );
  chmodSync(conf, 0o644);
  const child = spawn(binary, ['-c', conf], { stdio: 'ignore' });
  await waitForPort(port, child, 'mosquitto');
  return {
    url: `mqtt://127.0.0.1:${String(port)}`,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startRedis(): Promise<RunningService> {
  const binary = findBinary('redis-server');
  if (!binary) throw new Error('redis-server not installed');
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
    { stdio: 'ignore' },
  );
  await waitForPort(port, child, 'redis-server');
  return {
    url: `redis://127.0.0.1:${String(port)}`,
    stop: () => stopChild(child),
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL, or on a throwaway cluster
 * started for the caller when that is not set.
 */
export async function startPostgresDatabase(): Promise<RunningService> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopCluster: () => Promise<void> = () => Promise.resolve();
  if (!adminUrl) {
    const bin = postgresBinDir();
    if (!bin) throw new Error('PostgreSQL not installed');
    const dir = scratchDir('liftwacht-pg-');
    const port = await freePort();
    const asRoot = process.getuid?.() === 0;
    const run = (cmd: string, args: string[]) => {
      const result = asRoot
        ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { encoding: 'utf8' })
        : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr}`);
    };
    if (asRoot) spawnSync('chown', ['postgres', dir]);
    run('initdb', ['-D', path.join(dir, 'data'), '-U', 'liftwacht', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    run('pg_ctl', [
      '-D',
      path.join(dir, 'data'),
      '-l',
      path.join(dir, 'pg.log'),
      '-o',
      `-p ${String(port)} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`,
      '-w',
      'start',
    ]);
    adminUrl = `postgresql://liftwacht@127.0.0.1:${String(port)}/postgres`;
    stopCluster = () => {
      run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    };
  }
  const name = `lw_rt_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const finalAdminUrl = adminUrl;
  return {
    url: url.toString(),
    stop: async () => {
      const cleanup = new pg.Client({ connectionString: finalAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await stopCluster();
    },
  };
}
