// The organisation socket against a real Socket.IO server: follows, re-follows after a reconnect,
// and hands pushes to the screens that follow that organisation.
import { io } from 'socket.io-client';
import { organisationChangeKinds } from '@liftwacht/contracts/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestSocketServer, type TestSocketServer } from '../testing/socket-test-server.ts';
import { coalesce } from './coalesce.ts';
import { createOrganisationChannel } from './organisation-channel.ts';
import { organisationSocketOptions } from './socket-options.ts';
import { socketRefusals } from './socket-refusals.ts';

let server: TestSocketServer;
const cleanups: (() => void)[] = [];

beforeEach(async () => {
  server = await startTestSocketServer();
  server.validTokens.add('user-token');
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await server.close();
});

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 12_000, interval: 20 });

describe('organisation channel', () => {
  it('follows with the user token, hears pushes for its organisation and follows again after a reconnect', async () => {
    const channel = createOrganisationChannel((token) => io(server.url, organisationSocketOptions(token)));
    const heard: string[] = [];
    cleanups.push(
      channel.follow('user-token', 4, (m) => heard.push(`${String(m.organisationId)}:${m.kinds.join('+')}`)),
    );
    await waitFor(() => expect(server.sockets()).toHaveLength(1));
    expect(server.handshakeTokens).toEqual(['user-token']);
    await waitFor(() => expect(server.sockets()[0]?.rooms.has('organisation:4')).toBe(true));
    // Once following, one refetch of everything: what changed before went to a room it was not in.
    const everything = `4:${organisationChangeKinds.join('+')}`;
    await waitFor(() => expect(heard).toEqual([everything]));

    server.emitOrganisationChanged(4, ['calls']);
    server.emitOrganisationChanged(5, ['calls']);
    await waitFor(() => expect(heard).toEqual([everything, '4:calls']));

    // Changes while the socket was away are caught the same way after the reconnect.
    await server.restart();
    await waitFor(() => expect(server.sockets()[0]?.rooms.has('organisation:4')).toBe(true));
    await waitFor(() => expect(heard).toEqual([everything, '4:calls', everything]));
    server.emitOrganisationChanged(4, ['events']);
    await waitFor(() => expect(heard).toEqual([everything, '4:calls', everything, '4:events']));
  });

  it('does not refetch when the server refuses the follow', async () => {
    server.hiddenOrganisations.add(99);
    const channel = createOrganisationChannel((token) => io(server.url, organisationSocketOptions(token)));
    const heard: number[] = [];
    cleanups.push(channel.follow('user-token', 4, (m) => heard.push(m.organisationId)));
    cleanups.push(channel.follow('user-token', 99, (m) => heard.push(m.organisationId)));
    await waitFor(() => expect(heard).toEqual([4]));
    server.emitOrganisationChanged(4, ['calls']);
    await waitFor(() => expect(heard).toEqual([4, 4]));
  });
});

describe('coalesce', () => {
  it('runs the first call at once and one more for a burst inside the window', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const c = coalesce(run, 1000);
      c.call();
      expect(run).toHaveBeenCalledTimes(1);
      c.call();
      c.call();
      c.call();
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1000);
      expect(run).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(1000);
      expect(run).toHaveBeenCalledTimes(2);
      c.call();
      expect(run).toHaveBeenCalledTimes(3);
      c.call();
      c.cancel();
      vi.advanceTimersByTime(5000);
      expect(run).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows after rate_limited answers instead of giving up on the organisation', async () => {
    server.rateLimited.remaining = 2;
    const channel = createOrganisationChannel((token) => io(server.url, organisationSocketOptions(token)));
    const heard: number[] = [];
    cleanups.push(channel.follow('user-token', 6, (m) => heard.push(m.organisationId)));
    await waitFor(() => expect(server.sockets()[0]?.rooms.has('organisation:6')).toBe(true));
    expect(server.rateLimited.answered).toBe(2);
    await waitFor(() => expect(heard).toEqual([6]));
  });

  it('says too_many_sockets once refused with it, and not once a later follow connects', async () => {
    server.handshakeRefusal.code = 'too_many_sockets';
    const channel = createOrganisationChannel((token) => io(server.url, organisationSocketOptions(token)));
    cleanups.push(channel.follow('user-token', 7, () => undefined));
    await waitFor(() => expect(socketRefusals.tooManySockets()).toBe(true));
    // Refused handshakes are not retried by the socket: no loop.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.handshakeTokens).toHaveLength(1);
    server.handshakeRefusal.code = null;
    cleanups.push(channel.follow('user-token', 8, () => undefined));
    await waitFor(() => expect(server.sockets()).toHaveLength(1));
    await waitFor(() => expect(socketRefusals.tooManySockets()).toBe(false));
  });
});
