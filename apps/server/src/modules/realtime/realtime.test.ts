import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  socketPath,
  type ClientToServerEvents,
  type ModuleSocketMessage,
  type OrganisationChangedMessage,
  type ServerToClientEvents,
} from '@liftwacht/contracts/realtime';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertLiftWithModule, moduleMessage, send, type TestLift } from '../ingest/ingest-test-support.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
let own: TestLift;
let other: TestLift;
let stranger: TestLift;
let userToken: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  own = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
  other = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
  stranger = await insertLiftWithModule(t.database.db, t.fixtures.org.stranger);
  userToken = await t.login('test-user');
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t.close();
});

async function senseToken(liftId: number, token = userToken) {
  return t.app.inject({
    method: 'POST',
    url: '/liftwacht/auth/sense-liftwacht',
    headers: { authorization: `Bearer ${token}` },
    payload: { identifier: `liftwacht-${String(liftId)}`, identifierType: 'ext' },
  });
}

async function tokenFor(liftId: number): Promise<string> {
  const res = await senseToken(liftId);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { accessToken: string } }>().data.accessToken;
}

function open(token: string | undefined, origin = 'https://portal.test'): ClientSocket {
  const socket: ClientSocket = connect(url, {
    path: socketPath,
    transports: ['websocket'],
    reconnection: false,
    query: token === undefined ? {} : { token },
    extraHeaders: { origin },
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

function refused(socket: ClientSocket): Promise<{ message: string; code: unknown }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (err) =>
      resolve({ message: err.message, code: (err as Error & { data?: { code?: unknown } }).data?.code }),
    );
  });
}

function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    (socket as unknown as { once: (e: string, fn: (m: unknown) => void) => void }).once(event, (m) =>
      resolve(m as Parameters<ServerToClientEvents[E]>[0]),
    );
  });
}

describe('POST /liftwacht/auth/sense-liftwacht', () => {
  it('gives a short-lived token for a lift the user may see, naming its module', async () => {
    const res = await senseToken(own.liftId);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{
      data: { accessToken: string; expiresAt: string; es_number: string; liftId: number };
    }>();
    expect(data.es_number).toBe(own.es);
    expect(data.liftId).toBe(own.liftId);
    expect(new Date(data.expiresAt).getTime() - t.clock.now().getTime()).toBe(300_000);
  });

  it('answers 404 for another organisation’s lift, 400 for a bad identifier, 401 without login', async () => {
    expect((await senseToken(stranger.liftId)).statusCode).toBe(404);
    expect((await senseToken(999_999)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth/sense-liftwacht',
      headers: { authorization: `Bearer ${userToken}` },
      payload: { identifier: `other-${String(own.liftId)}`, identifierType: 'ext' },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth/sense-liftwacht',
      payload: { identifier: `liftwacht-${String(own.liftId)}`, identifierType: 'ext' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('socket handshake', () => {
  it('refuses a connection without a token, with a bad one, or from a foreign origin', async () => {
    expect(await refused(open(undefined))).toMatchObject({ code: 'unauthorized' });
    expect(await refused(open('not-a-token'))).toMatchObject({ code: 'unauthorized' });
    expect(await refused(open(await tokenFor(own.liftId), 'https://evil.example'))).toMatchObject({
      code: 'forbidden',
    });
  });

  it('refuses an expired lift token', async () => {
    const token = await tokenFor(own.liftId);
    const start = t.clock.now();
    t.clock.advance(301_000);
    try {
      expect(await refused(open(token))).toMatchObject({ code: 'token_expired' });
    } finally {
      t.clock.set(start);
    }
  });

  it('refuses a token whose session has ended', async () => {
    const session = await t.login('test-user');
    const res = await senseToken(own.liftId, session);
    const token = res.json<{ data: { accessToken: string } }>().data.accessToken;
    await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth/logout',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(await refused(open(token))).toMatchObject({ code: 'session_revoked' });
  });
});

describe('module listening', () => {
  it('listens to its own module, receives its messages, and refuses another lift’s module', async () => {
    const socket = open(await tokenFor(own.liftId));
    await connected(socket);
    expect(await socket.emitWithAck('listen', { es_number: own.es })).toEqual({ data: { es_number: own.es } });
    const refusedAck = await socket.emitWithAck('listen', { es_number: other.es });
    expect(refusedAck).toMatchObject({ error: { code: 'forbidden' } });
    expect(await socket.emitWithAck('getSensorData', { es_number: other.es })).toMatchObject({
      error: { code: 'forbidden' },
    });
    expect(await socket.emitWithAck('listen', {} as never)).toMatchObject({ error: { code: 'validation_failed' } });

    const received = next(socket, 'module');
    const m = moduleMessage(new Date(t.clock.now().getTime() - 1000), { floor: 3, f: { f1: 3 } });
    await send(t.app, own.es, m);
    // A message of another module does not reach this socket.
    await send(t.app, other.es, moduleMessage(new Date(t.clock.now().getTime() - 1000), { floor: 1 }));
    const message: ModuleSocketMessage = await received;
    expect(message).toEqual({
      type: 'module',
      es: own.es,
      messageType: 'status',
      routingKey: `module.${own.es}.status`,
      message: m,
    });

    await t.app.ingest.flush();
    const sensor = await socket.emitWithAck('getSensorData', { es_number: own.es });
    expect(sensor).toMatchObject({ data: { es_number: own.es, values: { f1: { value: 3 }, floor: { value: 3 } } } });
    const status = await socket.emitWithAck('getModuleStatus', { es_number: own.es });
    expect(status).toMatchObject({ data: { es_number: own.es, liftId: own.liftId, connected: true, openEvents: [] } });

    expect(await socket.emitWithAck('unlisten', { es_number: own.es })).toEqual({ data: { es_number: own.es } });
  });

  it('refuses new listens once the token has expired on an open connection', async () => {
    const socket = open(await tokenFor(own.liftId));
    await connected(socket);
    const start = t.clock.now();
    t.clock.advance(301_000);
    try {
      expect(await socket.emitWithAck('listen', { es_number: own.es })).toMatchObject({
        error: { code: 'token_expired' },
      });
    } finally {
      t.clock.set(start);
    }
  });
});

describe('organisation channel', () => {
  it('tells dashboards of the organisation that events changed', async () => {
    const socket = open(userToken);
    await connected(socket);
    expect(await socket.emitWithAck('listenOrganisation', { organisationId: t.fixtures.org.owner })).toEqual({
      data: { organisationId: t.fixtures.org.owner },
    });
    expect(await socket.emitWithAck('listenOrganisation', { organisationId: t.fixtures.org.stranger })).toMatchObject({
      error: { code: 'not_found' },
    });
    expect(await socket.emitWithAck('listen', { es_number: own.es })).toMatchObject({ error: { code: 'forbidden' } });

    const changed = next(socket, 'organisationChanged');
    await send(
      t.app,
      own.es,
      moduleMessage(new Date(t.clock.now().getTime() - 500), { faults: ['door_opening_fault'] }),
    );
    const message: OrganisationChangedMessage = await changed;
    expect(message.organisationId).toBe(t.fixtures.org.owner);
    expect(message.kinds).toContain('events');
  });

  it('is not for lift tokens; mechanics (current dashboard) get their own organisations only', async () => {
    const liftSocket = open(await tokenFor(own.liftId));
    await connected(liftSocket);
    expect(await liftSocket.emitWithAck('listenOrganisation', { organisationId: t.fixtures.org.owner })).toMatchObject({
      error: { code: 'forbidden' },
    });
    const monteur = open(await t.login('test-monteur'));
    await connected(monteur);
    expect(await monteur.emitWithAck('listenOrganisation', { organisationId: t.fixtures.org.owner })).toEqual({
      data: { organisationId: t.fixtures.org.owner },
    });
    expect(await monteur.emitWithAck('listenOrganisation', { organisationId: t.fixtures.org.stranger })).toMatchObject({
      error: { code: 'not_found' },
    });
  });
});

describe('event mails', () => {
  it('queues the subscribers’ mails for events that ingest creates', async () => {
    await t.database.db.execute(
      sql`insert into subscriptions (user_id, event_type, lift_id, channel)
          values (${t.fixtures.user.user.id}, 'en627_emergency_stop', ${own.liftId}, 'email')`,
    );
    await send(t.app, own.es, moduleMessage(new Date(t.clock.now().getTime() - 200), { faults: ['emergency_stop'] }));
    const [queued] = await sqlRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_queue where recipient = ${t.fixtures.user.user.email}`,
    );
    expect(queued?.n).toBe(1);
  });
});
