// The environment, parsed and validated once at start. Every setting the server reads is here.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // 0 turns the statement timeout off.
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Liftwacht <no-reply@liftwacht.local>'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  // auto: human-readable lines on a terminal, JSON lines otherwise (lib/logger.ts)
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // Unset: GET /liftwacht/metrics answers 404 (modules/metrics)
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(604800)
    .default(8 * 3600),
  // Abuse limits (docs/authentication.md)
  TRUST_PROXY: z
    .string()
    .refine(
      isTrustProxy,
      'must be true, false, a hop count such as 1, or a comma-separated list of proxy addresses/CIDRs',
    )
    .optional(),
  LOGIN_RATE_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_SLOWDOWN_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  PASSWORD_RESET_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  PASSWORD_RESET_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  PASSWORD_RESET_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  SEED_DEMO: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().optional(),
  // Realtime and ingest (docs/realtime.md)
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
    .optional(),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  MQTT_SESSION_EXPIRY_SECONDS: z.coerce.number().int().min(0).max(2_592_000).default(86_400),
  INGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).optional(),
  INGEST_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(1000).optional(),
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(3),
  // At most a second: acknowledgements wait for the commit, and a longer hold at thousands of msg/s
  // would use up the broker's 10,000 unacknowledged messages and stop live delivery with them.
  INGEST_YIELD_MS: z.coerce.number().int().min(0).max(1000).default(250),
  INGEST_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(5),
  INGEST_WORKER: z.enum(['auto', 'on', 'off']).default('auto'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SOCKET_ALLOWED_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => ['', '*'].includes(o.trim()) || URL.canParse(o.trim())),
      'must be a comma-separated list of origins such as https://portal.example.nl, or *',
    )
    .optional(),
  SENSE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(300),
  // One socket's budget and a user's sockets (docs/realtime.md §4, "Budgets").
  SOCKET_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(20),
  SOCKET_RATE_BURST: z.coerce.number().int().min(1).max(10_000).default(40),
  SOCKET_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(4),
  SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  // Unset: on exactly when the demo is seeded (an install without the demo has nothing to simulate).
  SIMULATOR: booleanFlag.optional(),
  SIMULATOR_RATE: z.coerce.number().positive().max(100_000).optional(),
  // Webhooks (docs/webhooks.md): deliver to loopback, private and link-local addresses, and over http.
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL server only. `statementMs`: the server cancels a statement of the app's pools after
   * this long (0: never), so one heavy request cannot hold a connection and the database for
   * minutes. `connectMs`: how long a query waits for a connection (a new one, or a free one of the
   * pool) before it fails, so requests do not hang while the server is unreachable.
   */
  databaseTimeouts: { statementMs: number; connectMs: number };
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof logLevels)[number];
  /** auto: pretty when stdout is a terminal, JSON lines otherwise. */
  logFormat: 'auto' | 'json' | 'pretty';
  /** The bearer token Prometheus scrapes GET /liftwacht/metrics with; unset: no metrics (404). */
  metricsToken: string | undefined;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /**
   * Fastify's trustProxy: whether and how far X-Forwarded-For is believed for the client address
   * (request.ip), which the abuse limits key on. false: the socket's peer address.
   */
  trustProxy: boolean | string[] | TrustProxyHops;
  /**
   * perUsername: failed logins per (username, address) before 429; perIp: all login attempts per
   * address. Across addresses a username is only slowed: after slowdownAfterFailures failures, each
   * attempt waits up to slowdownMaxMs (docs/authentication.md).
   */
  loginRateLimit: {
    perUsername: number;
    perIp: number;
    windowSeconds: number;
    slowdownAfterFailures: number;
    slowdownMaxMs: number;
  };
  passwordResetRateLimit: { perEmail: number; perIp: number; windowSeconds: number };
  seedDemo: boolean;
  webDistDir: string | undefined;
  mqtt: {
    /** Port of the embedded broker (loopback only); 0 picks a free one. Unused with url. */
    port: number;
    /** An external broker; the embedded one does not start when set. */
    url: string | undefined;
    /** This node's session on an external broker: stable, so a restart resumes unacknowledged messages. */
    clientId: string;
    sessionExpirySeconds: number;
  };
  /**
   * Batches collect up to batchSize messages or batchWaitMs; `concurrency` in flight (PostgreSQL).
   * `worker`: MQTT, validation and batch writes in a worker thread (PostgreSQL server only: PGlite
   * lives inside the main thread and takes one connection).
   */
  ingest: {
    batchSize: number;
    batchWaitMs: number;
    concurrency: number;
    worker: boolean;
    /** How long storing may yield to a main thread behind with the sockets (ms, 0: never; fan-out-pressure.ts). */
    yieldMs: number;
    /**
     * Added to the ingest worker thread's nice value (Linux), so under CPU contention the main thread's
     * sockets and HTTP run first: with INGEST_YIELD_MS the 10,000-socket p99 went from 95–1,075 ms (1
     * of 8 runs ≤ 100) to 52–109 ms (5 of 6), alternated runs, docs/benchmarks.md, December 1.
     */
    workerNice: number;
  };
  redisUrl: string | undefined;
  /** Origins (scheme://host[:port]) a browser socket may come from; '*' allows any. */
  socketAllowedOrigins: string[];
  senseTokenTtlSeconds: number;
  /** Per socket: requests per second and burst per event family, requests in flight; sockets per user (per node). */
  socketBudget: { ratePerSecond: number; burst: number; maxInFlight: number; socketsPerUser: number };
  simulator: { enabled: boolean; rate: number | undefined };
  /**
   * allowPrivate: webhook endpoints may be plain http and resolve to loopback, private (RFC 1918,
   * CGNAT), link-local, unique-local and other non-public addresses. Off: https to public addresses
   * only, so an administrator cannot aim the server at its own network (SSRF).
   */
  webhooks: { allowPrivate: boolean };
}

/**
 * PGlite's default batch wait. Every PGlite transaction costs a few ms of this process's CPU however
 * few messages it stores, and the demo fleet's 30 msg/s arrive one at a time: with 5 ms each was a
 * batch of its own (a fifth of a core when idle). Live views are not held by it (a module's message
 * goes to its browsers on arrival), only acknowledgements and dashboards' refetch hints are; under
 * load, batches fill up to INGEST_BATCH_SIZE and start at once. A batch costs ~10 ms of PGlite
 * (seven statements whatever it holds): 250 ms instead of 100 took the idle demo server from 9.1 %
 * to 7.4–7.7 % of a core in the same bench:idle run.
 */
export const pgliteBatchWaitMs = 250;

/**
 * How long a batch collects on a PostgreSQL server. A transaction's fixed part (the statements and
 * statement triggers of a batch, the commit) dominates small batches: with 10,000 sockets listening
 * at 2,100 msg/s, 25 ms instead of 5 took batches from ~33–57 to ~72–92 messages and PostgreSQL
 * from 191–206 to 143–168 µs of CPU a message (alternated runs, docs/benchmarks.md, December 1),
 * CPU the node's sockets need when the database shares its cores. A module's acknowledgement waits
 * ~20 ms longer; its live view does not (a message goes to its browsers on arrival).
 */
export const postgresBatchWaitMs = 25;

/**
 * The most messages one ingest transaction stores on a PostgreSQL server. A batch's derived writes
 * (counter buckets, daily and monthly counters, latest readings, the modules heard from) are one row
 * per lift, key or bucket however many of that lift's messages it holds, so under a backlog a larger
 * batch costs less per message: 2,000 instead of 500 took the server from ~75 to ~60 µs and
 * PostgreSQL from ~52 to ~30–38 µs of CPU per message in `bench:realtime --ingest-only` (November
 * 28, docs/benchmarks.md). Below the backlog batches stay small (they start after the batch wait),
 * so a live message's acknowledgement is not held back by it.
 */
export const postgresBatchSize = 2000;
/** PGlite runs in the main thread: a larger batch would hold its event loop for longer at a time. */
export const pgliteBatchSize = 500;

/** Trusts the given number of proxies in front of the server: hop 0 is the socket's peer. */
export type TrustProxyHops = ((address: string, hop: number) => boolean) & { hops: number };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.INGEST_WORKER === 'on' && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  INGEST_WORKER: on needs DATABASE_URL (the embedded PGlite runs on the main thread)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: { statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS, connectMs: e.DATABASE_CONNECT_TIMEOUT_MS },
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    loginRateLimit: {
      perUsername: e.LOGIN_RATE_LIMIT_PER_USERNAME,
      perIp: e.LOGIN_RATE_LIMIT_PER_IP,
      windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
      slowdownAfterFailures: e.LOGIN_SLOWDOWN_AFTER_FAILURES,
      slowdownMaxMs: e.LOGIN_SLOWDOWN_MAX_MS,
    },
    passwordResetRateLimit: {
      perEmail: e.PASSWORD_RESET_RATE_LIMIT_PER_EMAIL,
      perIp: e.PASSWORD_RESET_RATE_LIMIT_PER_IP,
      windowSeconds: e.PASSWORD_RESET_RATE_LIMIT_WINDOW_SECONDS,
    },
    seedDemo: e.SEED_DEMO,
    webDistDir: e.WEB_DIST_DIR,
    mqtt: {
      port: e.MQTT_PORT,
      url: e.MQTT_URL,
      clientId:
        e.MQTT_CLIENT_ID ??
        `liftwacht-${hostname()
          .replace(/[^A-Za-z0-9_-]/g, '-')
          .slice(0, 40)}-${e.PORT}`,
      sessionExpirySeconds: e.MQTT_SESSION_EXPIRY_SECONDS,
    },
    ingest: {
      batchSize: e.INGEST_BATCH_SIZE ?? (e.DATABASE_URL ? postgresBatchSize : pgliteBatchSize),
      batchWaitMs: e.INGEST_BATCH_WAIT_MS ?? (e.DATABASE_URL ? postgresBatchWaitMs : pgliteBatchWaitMs),
      concurrency: e.INGEST_CONCURRENCY,
      worker: e.INGEST_WORKER !== 'off' && e.DATABASE_URL !== undefined,
      yieldMs: e.INGEST_YIELD_MS,
      workerNice: e.INGEST_WORKER_NICE,
    },
    redisUrl: e.REDIS_URL,
    socketAllowedOrigins: socketOrigins(e.SOCKET_ALLOWED_ORIGINS, publicUrl, e.PUBLIC_URL === undefined, e.PORT),
    senseTokenTtlSeconds: e.SENSE_TOKEN_TTL_SECONDS,
    socketBudget: {
      ratePerSecond: e.SOCKET_RATE_PER_SECOND,
      burst: e.SOCKET_RATE_BURST,
      maxInFlight: e.SOCKET_MAX_IN_FLIGHT,
      socketsPerUser: e.SOCKETS_PER_USER,
    },
    simulator: { enabled: e.SIMULATOR ?? e.SEED_DEMO, rate: e.SIMULATOR_RATE },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE },
  };
}

// proxy-addr's names for the loopback, link-local and private ranges, which Fastify accepts too.
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (proxyRangeNames.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix length (10.0.0.0/8) or, for IPv4, a netmask (10.0.0.0/255.0.0.0)
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

function isTrustProxy(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['true', 'false'].includes(v) || /^\d{1,2}$/.test(v)) return true;
  const items = v.split(',').map((i) => i.trim());
  return items.every((i) => i !== '' && isProxyAddress(i));
}

/**
 * Off unless configured: a client can write any X-Forwarded-For it likes, so believing it without a
 * proxy in front lets anyone pick the address the limits count against. A list trusts exactly those
 * proxies; a hop count trusts that many proxies in front of the server, whoever they are, so the
 * server must be reachable only through them. Fastify 5 no longer takes a bare hop count (it treats
 * a number as "trust nothing"), so the count becomes the function it does take.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = (value ?? 'false').trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops === 0) return false;
    return Object.assign((_address: string, hop: number) => hop < hops, { hops });
  }
  return v.split(',').map((i) => i.trim());
}

/**
 * The public origin, the listed ones, and — when PUBLIC_URL is not set, i.e. on a developer's
 * machine — both loopback spellings of the server and the Vite dev/preview servers that proxy to it.
 */
function socketOrigins(listed: string | undefined, publicUrl: string, local: boolean, port: number): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  if (local) {
    for (const host of ['127.0.0.1', 'localhost']) {
      for (const p of [port, 5173, 4173]) origins.add(`http://${host}:${String(p)}`);
    }
  }
  for (const item of (listed ?? '').split(',')) {
    const trimmed = item.trim();
    if (trimmed === '*') origins.add('*');
    else if (trimmed) origins.add(new URL(trimmed).origin);
  }
  return [...origins];
}

/** A random secret kept in DATA_DIR, so tokens survive restarts without a hard-coded default. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The database the config points at, in the form openDatabase takes, with the app's timeouts. */
export function databaseTarget(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseTimeouts'>) {
  return config.databaseUrl
    ? {
        url: config.databaseUrl,
        statementTimeoutMs: config.databaseTimeouts.statementMs,
        connectTimeoutMs: config.databaseTimeouts.connectMs,
      }
    : { dataDir: config.dataDir };
}
