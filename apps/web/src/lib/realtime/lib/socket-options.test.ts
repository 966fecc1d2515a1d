import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff-delay.ts';
import { liftSocketOptions, organisationSocketOptions } from './socket-options.ts';

describe('socket options', () => {
  it('connects the lift socket as spec §7/§9 ask: path, websocket only, token in the query, backoff, no attempt limit', () => {
    expect(liftSocketOptions('tok')).toMatchObject({
      path: '/liftwacht/socket.io',
      transports: ['websocket'],
      query: { token: 'tok' },
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      forceNew: true,
    });
  });

  it('gives the organisation socket the same backoff and five attempts', () => {
    expect(organisationSocketOptions('user')).toMatchObject({
      query: { token: 'user' },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: 5,
    });
  });

  it('waits 1 s growing to 5 s, spread by ±50 % and capped at 5 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 10].map((attempt) => backoffDelay(attempt, middle))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1500);
    expect(backoffDelay(10, () => 1)).toBe(5000);
    expect(backoffDelay(10, () => 0)).toBe(2500);
  });
});
