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

  it('runs the module simulator only with the demo unless SIMULATOR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).simulator.enabled).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false' }).simulator.enabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false', SIMULATOR: 'on' }).simulator.enabled).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SIMULATOR: 'off' }).simulator.enabled).toBe(false);
  });

  it('stores larger ingest batches on PostgreSQL than on PGlite, unless INGEST_BATCH_SIZE says otherwise', () => {
    const url = 'postgresql://liftwacht@127.0.0.1:5432/liftwacht';
    expect(loadConfig({ DATA_DIR: dataDir() }).ingest.batchSize).toBe(500);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url }).ingest.batchSize).toBe(2000);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url, INGEST_BATCH_SIZE: '300' }).ingest.batchSize).toBe(300);
    expect(() => loadConfig({ DATA_DIR: dataDir(), INGEST_BATCH_SIZE: '5001' })).toThrow(/INGEST_BATCH_SIZE/);
  });

  it('lets a batch collect for 25 ms on PostgreSQL and 250 ms on PGlite, unless INGEST_BATCH_WAIT_MS says otherwise', () => {
    const url = 'postgresql://liftwacht@127.0.0.1:5432/liftwacht';
    expect(loadConfig({ DATA_DIR: dataDir() }).ingest.batchWaitMs).toBe(250);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url }).ingest.batchWaitMs).toBe(25);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url, INGEST_BATCH_WAIT_MS: '0' }).ingest.batchWaitMs).toBe(
      0,
    );
  });

  it('reads the log format and the metrics token', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.logFormat).toBe('auto');
    expect(defaults.metricsToken).toBeUndefined();
    const set = loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json', METRICS_TOKEN: 'a-long-enough-token' });
    expect(set.logFormat).toBe('json');
    expect(set.metricsToken).toBe('a-long-enough-token');
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
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

  it('believes X-Forwarded-For only when TRUST_PROXY says so', () => {
    const trustProxy = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    const hops = trustProxy('2');
    expect(hops).toBeTypeOf('function');
    if (typeof hops !== 'function') return;
    expect(hops.hops).toBe(2);
    // Hop 0 is the socket's peer (the nearest proxy), hop 1 the proxy before it.
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxy('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes-please', '10.0.0.1,', '10.0.0.0/33', 'proxy.example.nl', '-1']) {
      expect(() => trustProxy(bad), bad).toThrow(/TRUST_PROXY: must be true, false, a hop count/);
    }
  });

  it('has the documented abuse limits by default', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.loginRateLimit).toEqual({
      perUsername: 10,
      perIp: 50,
      windowSeconds: 900,
      slowdownAfterFailures: 5,
      slowdownMaxMs: 5000,
    });
    expect(c.passwordResetRateLimit).toEqual({ perEmail: 3, perIp: 10, windowSeconds: 3600 });
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
