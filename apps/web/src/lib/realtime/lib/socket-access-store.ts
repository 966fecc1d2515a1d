// The spec's socket access record (§3): the last lift access token and the lift it is for, kept
// in the browser so a reload or a second tab on the same lift does not ask for a new token.
import { z } from 'zod';
import { readJson, removeItem, storageKeys, writeJson } from '../../../lib/storage.ts';
import { jwtExpiryMs } from './jwt-expiry.ts';

const socketAccessSchema = z.object({ token: z.string().min(1), liftId: z.number().int().positive() });
export type SocketAccess = z.infer<typeof socketAccessSchema>;

/** Spec §9: a token with less than this left is renewed rather than sent. */
export const tokenRenewalMarginMs = 30_000;

export function readSocketAccess(): SocketAccess | null {
  return readJson(storageKeys.socketAccess, socketAccessSchema);
}

export function writeSocketAccess(access: SocketAccess): void {
  writeJson(storageKeys.socketAccess, access);
}

export function clearSocketAccess(): void {
  removeItem(storageKeys.socketAccess);
}

/**
 * The stored token when it is for this lift and has at least 30 s left; null otherwise, also when
 * its expiry cannot be read (spec §4).
 */
export function reusableToken(liftId: number, nowMs: number): string | null {
  const access = readSocketAccess();
  if (access?.liftId !== liftId) return null;
  const expiresAt = jwtExpiryMs(access.token);
  if (expiresAt === null || expiresAt - nowMs < tokenRenewalMarginMs) return null;
  return access.token;
}
