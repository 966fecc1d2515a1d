// The delay before a reconnection the client starts itself (after a refused handshake, which
// socket.io-client does not retry): the same curve as its own reconnection (spec §9).
import { reconnectBackoff } from './socket-options.ts';

/** Doubles from 1 s per attempt up to 5 s, then spreads it ±50 % so reconnecting browsers do not stampede. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = reconnectBackoff;
  const base = Math.min(reconnectionDelay * 2 ** attempt, reconnectionDelayMax);
  return Math.round(base * (1 + (2 * random() - 1) * randomizationFactor));
}
