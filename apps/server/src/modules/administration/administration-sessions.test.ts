// Issue 16: what administration ends at once — a disabled person's open HTTP session and sockets,
// a changed role's sockets, and a revoked grant's reach (the next request, the open sockets).
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@liftwacht/contracts/administration';
import { openSocket, type ClientSocket } from '../../test-support/socket-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertLiftWithModule, type TestLift } from '../ingest/ingest-test-support.ts';
import { organisationRoom } from '../realtime/realtime-publisher.ts';
import { adminClient, dataOf } from './administration-test-support.ts';

let t: TestApp;
let url: string;
let api: ReturnType<typeof adminClient>;
let ownLift: TestLift;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  api = adminClient(t);
  ownLift = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function liftPage(userToken: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/liftwacht/auth/sense-liftwacht',
    headers: bearer(userToken),
    payload: { identifier: `liftwacht-${String(ownLift.liftId)}`, identifierType: 'ext' },
  });
  expect(res.statusCode).toBe(200);
  const socket = await openSocket(url, res.json<{ data: { accessToken: string } }>().data.accessToken, sockets);
  expect(await socket.emitWithAck('listen', { es_number: ownLift.es })).toEqual({ data: { es_number: ownLift.es } });
  return socket;
}

async function dashboard(userToken: string, organisationId: number) {
  const socket = await openSocket(url, userToken, sockets);
  expect(await socket.emitWithAck('listenOrganisation', { organisationId })).toEqual({ data: { organisationId } });
  return socket;
}

/** Resolves with how long the server took to close the socket; fails after a second. */
function closedByServer(socket: ClientSocket): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket still open after 1 s')), 1000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      if (reason === 'io server disconnect') resolve(Date.now() - started);
      else reject(new Error(`closed for another reason: ${reason}`));
    });
  });
}

const userOf = async (id: number) => dataOf<AdminUser>(await api.get('test-system-admin', `/users/${String(id)}`));

describe('administration ends what it takes away', () => {
  it('disabling a connected person: the next HTTP request answers 401 and the sockets close within a second', async () => {
    const id = t.fixtures.user.clientLight.id;
    const session = await t.login('test-client');
    const sockets = [await dashboard(session, t.fixtures.org.owner), await liftPage(session)];
    const closes = sockets.map(closedByServer);
    const { version } = await userOf(id);
    const res = await api.send('test-admin', 'POST', `/users/${String(id)}/disable`, { version });
    expect(res.statusCode).toBe(200);
    for (const ms of await Promise.all(closes)) expect(ms).toBeLessThan(1000);
    const next = await t.app.inject({ method: 'GET', url: '/liftwacht/user', headers: bearer(session) });
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ error: { code: 'session_revoked' } });
    await api.send('test-admin', 'POST', `/users/${String(id)}/enable`, { version: version + 1 });
  });

  it('changing a connected person’s roles closes their sockets; their session goes on with the new roles', async () => {
    const id = t.fixtures.user.user.id;
    const session = await t.login('test-user');
    const socket = await dashboard(session, t.fixtures.org.owner);
    const closed = closedByServer(socket);
    const { version } = await userOf(id);
    const res = await api.send('test-admin', 'PATCH', `/users/${String(id)}`, { roles: ['monteur'], version });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBeLessThan(1000);
    const list = await t.app.inject({ method: 'GET', url: '/liftwacht/organisation', headers: bearer(session) });
    expect(list.statusCode).toBe(403);
    await api.send('test-admin', 'PATCH', `/users/${String(id)}`, { roles: ['user'], version: version + 1 });
  });

  it('revoking a grant: the company’s next request for the organisation answers 404, its lift page closes and its dashboard stops following', async () => {
    const { maintenance, owner, client } = t.fixtures.org;
    const session = await t.login('test-onderhoud');
    const board = await dashboard(session, owner);
    expect(await board.emitWithAck('listenOrganisation', { organisationId: client })).toEqual({
      data: { organisationId: client },
    });
    const page = await liftPage(session);
    const read = () =>
      t.app.inject({ method: 'GET', url: `/liftwacht/organisation/${String(owner)}`, headers: bearer(session) });
    expect((await read()).statusCode).toBe(200);

    const closed = closedByServer(page);
    const res = await api.send('test-system-admin', 'DELETE', `/access-grants/${String(maintenance)}/${String(owner)}`);
    expect(res.statusCode).toBe(200);
    expect(await closed).toBeLessThan(1000);
    expect((await read()).statusCode).toBe(404);
    const followers = async (organisationId: number) =>
      (await t.app.io.in(organisationRoom(organisationId)).fetchSockets()).map((s) => s.id);
    expect(board.connected).toBe(true);
    expect(await followers(owner)).not.toContain(board.id);
    expect(await followers(client)).toContain(board.id);

    const again = await api.send('test-system-admin', 'POST', '/access-grants', {
      organisationId: maintenance,
      accessibleOrganisationId: owner,
    });
    expect(again.statusCode).toBe(201);
    expect((await read()).statusCode).toBe(200);
  });
});
