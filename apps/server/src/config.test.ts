import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseTarget, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'liftwacht-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
    expect(c.accessTokenTtlSeconds).toBe(28800);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('names every bad variable', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it('gives the PostgreSQL pool a statement and a connect timeout, which openDatabase gets', () => {
    const url = 'postgresql://liftwacht@127.0.0.1:5432/liftwacht';
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url });
    expect(c.databaseTimeouts).toEqual({ statementMs: 15_000, connectMs: 5_000 });
    expect(databaseTarget(c)).toEqual({ url, statementTimeoutMs: 15_000, connectTimeoutMs: 5_000 });
    const off = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url, DATABASE_STATEMENT_TIMEOUT_MS: '0' });
    expect(off.databaseTimeouts.statementMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });
});
