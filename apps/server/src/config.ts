// The environment, parsed and validated once at start. Every setting the server reads is here.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Liftwacht <no-reply@liftwacht.local>'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(604800)
    .default(8 * 3600),
  LOGIN_RATE_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  SEED_DEMO: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof logLevels)[number];
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  loginRateLimit: { perUsername: number; perIp: number; windowSeconds: number };
  seedDemo: boolean;
  webDistDir: string | undefined;
}

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
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    loginRateLimit: {
      perUsername: e.LOGIN_RATE_LIMIT_PER_USERNAME,
      perIp: e.LOGIN_RATE_LIMIT_PER_IP,
      windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
    },
    seedDemo: e.SEED_DEMO,
    webDistDir: e.WEB_DIST_DIR,
  };
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

/** The database the config points at, in the form openDatabase takes. */
export function databaseTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir };
}
