// Security headers on API answers, errors and the web app (issue 15, "Headers").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { manualClock } from '../lib/clock.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { createMailer } from './mail.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('an https portal sends CSP, no framing, nosniff, a referrer policy and HSTS on answers and errors', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://portal.example.nl' });
    cleanups.push(() => t.close());
    for (const url of ['/liftwacht/health', '/liftwacht/lift', '/liftwacht/nothing-here']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('connect-src')).toContain('wss://portal.example.nl');
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
    }
  });

  it('a plain-http portal gets no HSTS and no upgrade of its requests, and the web app the same CSP', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-headers-'));
    const distDir = path.join(dataDir, 'dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Liftwacht</title>');
    writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:8080' });
    const database = await openDatabase({ memory: true });
    const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom });
    const app = await buildApp({
      config,
      database,
      clock: manualClock(new Date()),
      mailer,
      logger: false,
      webDistDir: distDir,
    });
    cleanups.push(async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    for (const url of ['/', '/dashboard', '/assets/app-1234.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.get('connect-src'), url).toContain('ws://127.0.0.1:8080');
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });
});
