// Connection options of the two sockets (spec §7, §9; docs/realtime.md §4).
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { socketPath, socketTokenQueryParameter } from '@liftwacht/contracts/realtime';
import { socketBaseUrl } from '../../../lib/config.ts';

type ClientOptions = Partial<ManagerOptions & SocketOptions>;

/** Spec §9: 1 s growing to 5 s with jitter 0.5, and a 20 s connect timeout. */
export const reconnectBackoff = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const satisfies ClientOptions;

/** The lift socket never gives up (§9's unlimited attempts win over §7's ten; issue 7). */
export const liftReconnectionAttempts = Number.POSITIVE_INFINITY;
/** The organisation socket is §7's second socket; the dashboards' timers cover it when it gives up. */
export const organisationReconnectionAttempts = 5;

const baseOptions = (token: string): ClientOptions => ({
  path: socketPath,
  transports: ['websocket'],
  query: { [socketTokenQueryParameter]: token },
  ...reconnectBackoff,
});

export const liftSocketOptions = (token: string): ClientOptions => ({
  ...baseOptions(token),
  reconnectionAttempts: liftReconnectionAttempts,
  // Every lift gets its own Manager (engine connection): one connection per lift (spec §4).
  forceNew: true,
});

export const organisationSocketOptions = (token: string): ClientOptions => ({
  ...baseOptions(token),
  reconnectionAttempts: organisationReconnectionAttempts,
  forceNew: true,
});

/** Where the socket lives: configuration, by default the page's own origin. */
export function socketUrl(): string {
  return socketBaseUrl || window.location.origin;
}
