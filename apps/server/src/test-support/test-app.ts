// A real app on a real (fresh) database for API tests, with a clock the test controls and mail
// written to a temporary outbox the test can read.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { manualClock } from '../lib/clock.ts';
import { createMailer } from '../plugins/mail.ts';
import { createTestDatabase } from './test-database.ts';
import { fixturePassword, insertFixtures, type Fixtures } from './fixtures.ts';
import { testWebhookHosts, type WebhookHosts } from './webhook-hosts.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  fixtures: Fixtures;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  /** What webhook hosts resolve to in this app (never DNS): see webhook-hosts.ts. */
  webhookHosts: WebhookHosts;
  outbox(): string[];
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://portal.test', ...env });
  const database = await createTestDatabase();
  const fixtures = await insertFixtures(database.db);
  const clock = manualClock(new Date('2026-03-10T09:00:00Z'));
  const outboxDir = path.join(dataDir, 'outbox');
  const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: config.mailFrom });
  const webhooks = testWebhookHosts();
  const app = await buildApp({ config, database, clock, mailer, logger: false, webhookLookup: webhooks.lookup });
  await app.ready();

  return {
    app,
    database,
    fixtures,
    clock,
    config,
    webhookHosts: webhooks.hosts,
    outbox: () => {
      try {
        return readdirSync(outboxDir)
          .sort()
          .map((f) => readFileSync(path.join(outboxDir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    login: async (username, password = fixturePassword) => {
      const res = await app.inject({ method: 'POST', url: '/liftwacht/auth', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ data: { accessToken: string } }>().data.accessToken;
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Kept where the tests import it from; benchmarks read mails without this file's vitest imports.
export { decodeQuotedPrintable } from './quoted-printable.ts';
