import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage.ts';
import { fakeJwt, tokenExpiringIn } from '../testing/fake-jwt.ts';
import { clearSocketAccess, readSocketAccess, reusableToken, writeSocketAccess } from './socket-access-store.ts';

const now = Date.parse('2026-03-10T09:00:00Z');

describe('socket access record', () => {
  it('is kept under the liftwacht- prefixed key as { token, liftId }', () => {
    const token = tokenExpiringIn(300, now);
    writeSocketAccess({ token, liftId: 7 });
    expect(localStorage.getItem(storageKeys.socketAccess)).toBe(JSON.stringify({ token, liftId: 7 }));
    expect(storageKeys.socketAccess).toMatch(/^liftwacht-/);
    expect(readSocketAccess()).toEqual({ token, liftId: 7 });
    clearSocketAccess();
    expect(readSocketAccess()).toBeNull();
  });

  it('reuses the token for the same lift with at least 30 s left', () => {
    const token = tokenExpiringIn(30, now);
    writeSocketAccess({ token, liftId: 7 });
    expect(reusableToken(7, now)).toBe(token);
  });

  it('does not reuse it for another lift, with less than 30 s left, or when the expiry is unreadable', () => {
    writeSocketAccess({ token: tokenExpiringIn(300, now), liftId: 7 });
    expect(reusableToken(8, now)).toBeNull();

    writeSocketAccess({ token: tokenExpiringIn(29, now), liftId: 7 });
    expect(reusableToken(7, now)).toBeNull();

    for (const token of ['not-a-jwt', fakeJwt({ sub: 'x' }), fakeJwt({ exp: 'soon' }), 'a.%%%.c']) {
      writeSocketAccess({ token, liftId: 7 });
      expect(reusableToken(7, now)).toBeNull();
    }
  });

  it('drops a stored value that does not fit the record', () => {
    localStorage.setItem(storageKeys.socketAccess, JSON.stringify({ token: 'x' }));
    expect(readSocketAccess()).toBeNull();
    localStorage.setItem(storageKeys.socketAccess, '{not json');
    expect(reusableToken(7, now)).toBeNull();
  });
});
