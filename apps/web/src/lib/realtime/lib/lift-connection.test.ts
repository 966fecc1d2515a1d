// Against a real Socket.IO server in this process: handshake, listen list, reconnection.
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiringIn } from '../testing/fake-jwt.ts';
import { startTestSocketServer, type TestSocketServer } from '../testing/socket-test-server.ts';
import { LiftConnection, type ConnectionState } from './lift-connection.ts';
import { createLiftTokenSource } from './lift-token.ts';
import { clearSocketAccess, readSocketAccess, writeSocketAccess } from './socket-access-store.ts';
import { socketRefusals } from './socket-refusals.ts';
import { liftSocketOptions } from './socket-options.ts';
import { isSocketRequestError, type SocketRequestError } from './socket-request-error.ts';

let server: TestSocketServer;
let connection: LiftConnection | null = null;
let issued: string[];
let requestToken: ReturnType<typeof vi.fn<(liftId: number) => Promise<{ accessToken: string }>>>;

beforeEach(async () => {
  server = await startTestSocketServer();
  issued = [];
  requestToken = vi.fn((liftId: number) => {
    const accessToken = tokenExpiringIn(300, Date.now(), { liftId, n: issued.length });
    issued.push(accessToken);
    server.validTokens.add(accessToken);
    return Promise.resolve({ accessToken });
  });
});

afterEach(async () => {
  connection?.close();
  connection = null;
  await server.close();
});

function connect(liftId = 1, tooManySocketsRetryMs?: number): LiftConnection {
  connection = new LiftConnection(liftId, {
    token: createLiftTokenSource(requestToken),
    clearAccess: clearSocketAccess,
    openSocket: (token) => io(server.url, liftSocketOptions(token)),
    ...(tooManySocketsRetryMs === undefined ? {} : { tooManySocketsRetryMs, random: () => 0.5 }),
  });
  return connection;
}

function states(c: LiftConnection): ConnectionState[] {
  const seen: ConnectionState[] = [];
  c.on('state', (s) => seen.push(s));
  return seen;
}

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 12_000, interval: 20 });

describe('lift connection', () => {
  it('connects with the lift token in the query and sends the listen list', async () => {
    const c = connect(1);
    const seen = states(c);
    c.listen('ES-1');
    c.start();
    await waitFor(() => expect(c.state).toBe('connected'));
    expect(seen).toEqual(['connecting', 'connected']);
    expect(server.handshakeTokens).toEqual([issued[0]]);
    await waitFor(() => expect(server.listens).toEqual(['ES-1']));
    expect(readSocketAccess()).toEqual({ token: issued[0], liftId: 1 });

    const messages: unknown[] = [];
    c.on('module', (m) => messages.push(m.message.faults));
    server.emitModule('ES-1', {
      type: 'module',
      es: 'ES-1',
      messageType: 'status',
      routingKey: 'module.ES-1.status',
      message: { id: 'm1', t: '2026-03-10T09:00:00Z', f: { f1: 3 }, faults: ['cannot_start'] },
    });
    await waitFor(() => expect(messages).toEqual([['cannot_start']]));
  });

  it('reuses a stored token for the same lift instead of asking for one', async () => {
    const stored = tokenExpiringIn(300);
    server.validTokens.add(stored);
    writeSocketAccess({ token: stored, liftId: 1 });
    const c = connect(1);
    c.start();
    await waitFor(() => expect(c.state).toBe('connected'));
    expect(requestToken).not.toHaveBeenCalled();
    expect(server.handshakeTokens).toEqual([stored]);
  });

  it('answers requests through acks, and an ack carrying an error rejects with a socket error', async () => {
    server.forbidden.add('ES-2');
    const c = connect(1);
    const errors: SocketRequestError[] = [];
    c.on('error', (e) => errors.push(e));
    c.start();
    await waitFor(() => expect(c.state).toBe('connected'));
    await expect(c.sensorData('ES-1')).resolves.toMatchObject({ values: { f1: { value: 2 } } });
    await expect(c.moduleStatus('ES-1')).resolves.toMatchObject({ firmware: '4.2.1' });
    c.listen('ES-2');
    await waitFor(() => expect(errors.map((e) => e.code)).toEqual(['forbidden']));
    c.close();
    const error: unknown = await c.sensorData('ES-1').catch((e: unknown) => e);
    expect(isSocketRequestError(error) && error.message).toBe('Socket not available');
  });

  it('on connect_error clears the stored access and connects again with a fresh token', async () => {
    const rejected = tokenExpiringIn(300);
    writeSocketAccess({ token: rejected, liftId: 1 }); // looks good, but the server refuses it
    const c = connect(1);
    c.listen('ES-1');
    c.start();
    await waitFor(() => expect(c.state).toBe('connected'));
    expect(server.handshakeTokens).toEqual([rejected, issued[0]]);
    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(readSocketAccess()).toEqual({ token: issued[0], liftId: 1 });
    await waitFor(() => expect(server.listens).toEqual(['ES-1']));
  });

  it.each([{ graceful: false }, { graceful: true }])(
    'reconnects by itself after a server restart and sends the listen list again (%o)',
    async (options) => {
      const c = connect(1);
      c.listen('ES-1');
      c.listen('ES-3');
      c.start();
      await waitFor(() => expect(server.listens).toEqual(['ES-1', 'ES-3']));
      const seen = states(c);
      const relistened: string[] = [];
      c.on('listening', (es) => relistened.push(es));

      await server.restart(options);
      await waitFor(() => expect(seen).toContain('reconnecting'));
      await waitFor(() => expect(c.state).toBe('connected'));
      await waitFor(() => expect(server.listens).toEqual(['ES-1', 'ES-3', 'ES-1', 'ES-3']));
      // 'listening' follows the server's acknowledgement, which may still be on its way.
      await waitFor(() => expect(relistened).toEqual(['ES-1', 'ES-3']));

      // Unlistened modules are not sent again.
      c.unlisten('ES-3');
      await server.restart(options);
      await waitFor(() => expect(server.listens.slice(4)).toEqual(['ES-1']));
    },
  );

  it('stays failed when the lift may not be seen (token request 404)', async () => {
    const { ApiError } = await import('../../../lib/api-error.ts');
    requestToken.mockRejectedValueOnce(new ApiError('http', 'Not found', { status: 404 }));
    const c = connect(1);
    c.start();
    await waitFor(() => expect(c.state).toBe('failed'));
    expect(server.handshakeTokens).toEqual([]);
  });

  it('asks again after a rate_limited answer instead of failing, and reports it only when it keeps coming', async () => {
    const c = connect(1);
    const errors: SocketRequestError[] = [];
    c.on('error', (e) => errors.push(e));
    c.start();
    await waitFor(() => expect(c.state).toBe('connected'));
    server.rateLimited.remaining = 2;
    await expect(c.sensorData('ES-1')).resolves.toMatchObject({ values: { f1: { value: 2 } } });
    expect(server.rateLimited.answered).toBe(2);
    expect(errors).toEqual([]);
    // A budget that never comes back: the answer is rate_limited after a bounded number of tries.
    Object.assign(server.rateLimited, { remaining: 100, answered: 0 });
    const error: unknown = await c.sensorData('ES-1').catch((e: unknown) => e);
    expect(isSocketRequestError(error) && error.code).toBe('rate_limited');
    expect(server.rateLimited.answered).toBe(5);
  }, 15_000);

  it('on too_many_sockets says so and tries again after a long wait, not in the reconnect loop', async () => {
    server.handshakeRefusal.code = 'too_many_sockets';
    const c = connect(1, 1500);
    c.start();
    await waitFor(() => expect(socketRefusals.tooManySockets()).toBe(true));
    expect(c.state).toBe('connecting');
    // The reconnect loop would have tried again within a second; the refused one waits.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.handshakeTokens).toHaveLength(1);
    server.handshakeRefusal.code = null;
    await waitFor(() => expect(c.state).toBe('connected'));
    expect(server.handshakeTokens).toHaveLength(2);
    expect(socketRefusals.tooManySockets()).toBe(false);
  });
});
