// First run without the demo (issue 16): an empty database gets one setup token however many nodes
// start; POST /setup with it creates the platform organisation and its system-admin, exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../../db/seed/query-rows.ts';
import { manualClock } from '../../lib/clock.ts';
import { createMailer } from '../../plugins/mail.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { prepareFirstRun } from './setup.service.ts';

let database: Database;
let app: FastifyInstance;
let dataDir: string;
const now = new Date('2026-03-10T09:00:00Z');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-setup-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://portal.test',
    SEED_DEMO: 'false',
    LOGIN_RATE_LIMIT_PER_USERNAME: '3',
  });
  database = await createTestDatabase();
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom });
  app = await buildApp({ config, database, clock: manualClock(now), mailer, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const setupBody = (token: string, username = 'beheerder') => ({
  token,
  organisationName: 'Liftwacht Beheer B.V.',
  username,
  name: 'Anna de Beheerder',
  email: 'anna@liftwacht.example',
  password: 'Eerste-beheerder-1',
  locale: 'nl',
});
const postSetup = (body: unknown, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/liftwacht/setup', payload: body as object, remoteAddress });
const getSetup = () => app.inject({ method: 'GET', url: '/liftwacht/setup' });
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

let token = '';

describe('first run', () => {
  it('issues one token when two nodes start together; the others say setup is pending and where', async () => {
    const states = await Promise.all([
      prepareFirstRun(database.db, now, 'node-a:8080'),
      prepareFirstRun(database.db, now, 'node-b:8080'),
      prepareFirstRun(database.db, now, 'node-c:8080'),
    ]);
    const issued = states.filter((s) => s.kind === 'token-issued');
    expect(issued).toHaveLength(1);
    const pending = states.filter((s) => s.kind === 'pending');
    expect(pending).toHaveLength(2);
    const first = issued[0];
    if (first?.kind !== 'token-issued') throw new Error('no token');
    token = first.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const state of pending) {
      expect(state.issue?.at).toBe(now.toISOString());
      expect(state.issue?.by).toMatch(/^node-/);
    }
    // A restart later issues nothing new either.
    expect((await prepareFirstRun(database.db, now, 'node-a:8080')).kind).toBe('pending');
    // Only the hash is stored.
    const meta = await rows<{ key: string; value: string }>(sql`select key, value from meta where key like 'setup%'`);
    expect(meta.map((m) => m.key).sort()).toEqual(['setup_token_issued', 'setup_token_sha256']);
    expect(JSON.stringify(meta)).not.toContain(token);
  });

  it('GET /setup says setup is required', async () => {
    const res = await getSetup();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { required: true } });
  });

  it('refuses a wrong token with 400 setup_token_invalid on the field token, then limits the address', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < 3; i++) {
      const res = await postSetup(setupBody('wrong-token-wrong-token'), address);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'setup_token_invalid', message: 'This setup token is not valid', field: 'token' },
      });
    }
    const limited = await postSetup(setupBody(token), address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getSetup()).json()).toEqual({ data: { required: true } });
  });

  it('names the offending field of a bad request', async () => {
    const res = await postSetup({ ...setupBody(token), email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field: 'email' } });
  });

  it('lets exactly one of two concurrent setups win; the other answers 404', async () => {
    const [a, b] = await Promise.all([
      postSetup(setupBody(token, 'beheerder')),
      postSetup(setupBody(token, 'tweede-beheerder')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const winner = a.statusCode === 200 ? a : b;
    expect(winner.json()).toEqual({ data: { ok: true } });

    const users = await rows<{ username: string; role: string; org: string; type: string; locale: string }>(sql`
      select u.username, r.name as role, o.name as org, o.type, u.locale
      from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      join organisations o on o.id = u.organisation_id`);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ role: 'system-admin', org: 'Liftwacht Beheer B.V.', type: 'maintenance' });
    expect(await rows(sql`select 1 from organisations`)).toHaveLength(1);
    expect(await rows(sql`select 1 from meta where key like 'setup%'`)).toHaveLength(0);
  });

  it('audits setup.completed without a user and without secrets', async () => {
    const entries = await rows<{ user_id: number | null; action: string; after: unknown; ip: string | null }>(
      sql`select user_id, action, after, ip from audit_log`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_id: null,
      action: 'setup.completed',
      ip: '127.0.0.1',
      after: {
        organisation: { name: 'Liftwacht Beheer B.V.', type: 'maintenance' },
        user: { email: 'anna@liftwacht.example', roles: ['system-admin'], locale: 'nl' },
      },
    });
    expect(JSON.stringify(entries)).not.toMatch(/Eerste-beheerder|argon2|token/);
  });

  it('logs the new administrator in with the chosen password', async () => {
    const [user] = await rows<{ username: string }>(sql`select username from users`);
    const login = await app.inject({
      method: 'POST',
      url: '/liftwacht/auth',
      payload: { username: user?.username, password: 'Eerste-beheerder-1' },
    });
    expect(login.statusCode).toBe(200);
    const accessToken = login.json<{ data: { accessToken: string } }>().data.accessToken;
    const profile = await app.inject({
      method: 'GET',
      url: '/liftwacht/user',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(profile.json()).toMatchObject({ data: { name: 'Anna de Beheerder', roles: [{ name: 'system-admin' }] } });
  });

  it('is gone for good once a user exists: 404 for any token, required false, no new token at start', async () => {
    expect((await getSetup()).json()).toEqual({ data: { required: false } });
    for (const attempt of [token, 'some-other-token']) {
      const res = await postSetup(setupBody(attempt, 'nog-een'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(await prepareFirstRun(database.db, now, 'node-a:8080')).toEqual({ kind: 'not-required' });
    expect(await rows(sql`select 1 from meta where key like 'setup%'`)).toHaveLength(0);
  });
});
