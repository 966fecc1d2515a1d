// The delay before a reconnection the client starts itself (after a refused handshake, which
// socket.io-client does not retry): the same curve as its own reconnection (spec §9).
import { reconnectBackoff } from './socket-options.ts';

/**
 * Doubles from 1 s per attempt, spread ±50 % so reconnecting browsers do not stampede, and never
 * more than 5 s (socket.io's own Backoff caps the same way).
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = reconnectBackoff;
  const base = Math.min(reconnectionDelay * 2 ** attempt, reconnectionDelayMax);
  return Math.round(Math.min(base * (1 + (2 * random() - 1) * randomizationFactor), reconnectionDelayMax));
}
