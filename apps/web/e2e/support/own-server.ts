// A server process a flow starts, stops and restarts itself (Playwright's webServer cannot be
// restarted mid-test): `node scripts/start.mjs` on free loopback ports with its own data folder,
// seeded on first start like the webServer. The web app is already built by the webServer. A
// multi-node flow points several of them at one PostgreSQL, broker and Redis through `env`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../server/src/modules/realtime/test-services.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** What makes several processes one deployment: shared database, broker, Redis and token secret. */
export type SharedServices = Partial<Record<'DATABASE_URL' | 'MQTT_URL' | 'REDIS_URL' | 'JWT_SECRET', string>>;

/**
 * SEED_DEMO=false: an empty portal, for the first-run flow; SIMULATOR=true: the demo's module simulator;
 * WEBHOOK_ALLOW_PRIVATE=true: webhooks to a receiver the flow runs on 127.0.0.1.
 */
export type OwnServerEnv = SharedServices & {
  SEED_DEMO?: 'true' | 'false';
  SIMULATOR?: 'true' | 'false';
  WEBHOOK_ALLOW_PRIVATE?: 'true' | 'false';
};

export interface OwnServerOptions {
  /** How long the first start may take; seeding the demo fleet takes about a minute on a busy machine. */
  timeoutMs?: number;
  env?: OwnServerEnv;
}

export interface OwnServer {
  url: string;
  /** The embedded broker's port; unused when `env.MQTT_URL` names an external broker. */
  mqttPort: number;
  /** Stops the process (SIGTERM: the server's graceful shutdown) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same ports and data, and waits until it is ready. */
  start(timeoutMs?: number): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
  /** What the server printed on standard output so far (its start-up banner: logins, setup token). */
  output(): string;
  /** Its data folder: the mail outbox is `outbox/` in it. */
  dataDir: string;
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${String(child.exitCode)}`);
    try {
      const response = await fetch(`${url}/liftwacht/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} not ready within ${String(timeoutMs)} ms`);
}

export async function startOwnServer({ timeoutMs = 240_000, env = {} }: OwnServerOptions = {}): Promise<OwnServer> {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${String(port)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-e2e-own-'));
  let child: ChildProcess | null = null;
  let stderr = '';
  let stdout = '';

  const start = async (waitMs = timeoutMs) => {
    const started = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SIMULATOR: 'off',
        MQTT_PORT: String(mqttPort),
        LOGIN_RATE_LIMIT_PER_USERNAME: '1000',
        SKIP_WEB_BUILD: '1',
        ...env,
      },
    });
    started.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString()).slice(-20_000);
    });
    started.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child = started;
    try {
      await waitUntilReady(url, started, waitMs);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`);
    }
  };

  const stop = async () => {
    const running = child;
    child = null;
    // Already gone (exited, or killed by a signal): no 'exit' event would come.
    if (running?.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const forced = setTimeout(() => running.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(forced);
  };

  const dispose = async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  // The caller gets nothing to dispose of when the first start fails: leave no process or folder.
  try {
    await start();
  } catch (error) {
    await dispose();
    throw error;
  }
  return { url, mqttPort, stop, start, dispose, output: () => stdout, dataDir };
}
