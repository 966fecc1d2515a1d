// The hook end to end against a real Socket.IO server in this process: token from the (mocked)
// API, listen, sense data and status, a live fault in Dutch, and a shared connection per lift.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSessionFromStorage } from '../../../lib/session/session-store.ts';
import { storageKeys } from '../../../lib/storage.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { tokenExpiringIn } from '../testing/fake-jwt.ts';
import { startTestSocketServer, type TestSocketServer } from '../testing/socket-test-server.ts';
import { useLiftRealtime } from './use-lift-realtime.ts';

let server: TestSocketServer;

vi.mock(import('../lib/socket-options.ts'), async (original) => ({
  ...(await original()),
  socketUrl: () => server.url,
}));

beforeAll(async () => {
  server = await startTestSocketServer();
});
afterAll(async () => {
  await server.close();
});

let tokenRequests: unknown[];
beforeEach(() => {
  localStorage.setItem(storageKeys.userToken, 'user-token');
  reloadSessionFromStorage();
  tokenRequests = [];
  mockApi({
    'POST /liftwacht/auth/sense-liftwacht': (request) => {
      tokenRequests.push(request.body);
      const accessToken = tokenExpiringIn(300, Date.now(), { n: tokenRequests.length });
      server.validTokens.add(accessToken);
      return { body: { data: { accessToken, expiresAt: new Date().toISOString(), liftId: 1, es_number: 'ES-1' } } };
    },
  });
});

const frame = (id: string, extra: Record<string, unknown>) => ({
  type: 'module',
  es: 'ES-1',
  messageType: 'status',
  routingKey: 'module.ES-1.status',
  message: { id, t: new Date().toISOString(), f: { f1: 4 }, ...extra },
});

describe('useLiftRealtime', () => {
  it('connects, loads sense data and status, and words a live fault', async () => {
    const { result, unmount } = renderHook(() => useLiftRealtime('1', 'ES-1'));
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    expect(tokenRequests).toEqual([{ identifier: 'liftwacht-1', identifierType: 'ext' }]);
    await waitFor(() => expect(result.current.moduleStatus?.firmware).toBe('4.2.1'));
    expect(result.current.sensorData).toMatchObject({ f1: 2 });

    act(() => server.emitModule('ES-1', frame('m1', { faults: ['cannot_start'], floor: 3 })));
    await waitFor(() =>
      expect(result.current.alerts.map((a) => a.text)).toEqual(['Lift kan niet starten op verdieping 3']),
    );
    expect(result.current.alerts[0]?.severity).toBe('error');
    expect(result.current.sensorData).toMatchObject({ f1: 4, faults: ['cannot_start'] });
    unmount();
    await waitFor(() => expect(server.sockets()).toHaveLength(0));
  });

  it('shares one connection per lift between its users', async () => {
    const first = renderHook(() => useLiftRealtime(1, 'ES-1'));
    const second = renderHook(() => useLiftRealtime(1, 'ES-1'));
    await waitFor(() => expect(first.result.current.connection).toBe('connected'));
    await waitFor(() => expect(second.result.current.connection).toBe('connected'));
    expect(server.sockets()).toHaveLength(1);
    first.unmount();
    act(() => server.emitModule('ES-1', frame('m2', { alarmCall: { callId: 'c1', phase: 'received' } })));
    await waitFor(() => expect(second.result.current.alerts.map((a) => a.text)).toEqual(['Alarmoproep ontvangen']));
    second.unmount();
  });

  it('stays idle without a module', () => {
    const { result } = renderHook(() => useLiftRealtime(1, undefined));
    expect(result.current.connection).toBe('idle');
    expect(tokenRequests).toEqual([]);
  });
});
