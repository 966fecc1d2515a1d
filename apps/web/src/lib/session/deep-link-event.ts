// The event an unauthenticated visitor asked for (spec §2): remembered across the login so the
// user lands on it afterwards.
import { readString, removeItem, storageKeys, writeString } from '../storage.ts';

export function storeDeepLinkEventId(eventId: string): void {
  writeString(storageKeys.deepLinkEventId, eventId);
}

/** Returns the stored event id and forgets it, so it is used for one login only. */
export function takeDeepLinkEventId(): string | null {
  const eventId = readString(storageKeys.deepLinkEventId);
  removeItem(storageKeys.deepLinkEventId);
  return eventId;
}

/**
 * Issue 18: a lift sticker's URL (`/lifts/{id}?sticker=1`) opened without a session is remembered
 * the same way; after the login it is opened again, and the lift page locks the session to it.
 */
export function rememberStickerPath(pathname: string, search: string): boolean {
  const sticker = /^\/lifts\/\d+$/.test(pathname) && new URLSearchParams(search).get('sticker') === '1';
  if (sticker) writeString(storageKeys.stickerPath, pathname + search);
  return sticker;
}

export function takeStickerPath(): string | null {
  const path = readString(storageKeys.stickerPath);
  removeItem(storageKeys.stickerPath);
  return path;
}

/** After setup: the first administrator's login lands on the get-started checklist, once. */
export function rememberLandingPath(path: string): void {
  writeString(storageKeys.landingPath, path);
}

export function takeLandingPath(): string | null {
  const path = readString(storageKeys.landingPath);
  removeItem(storageKeys.landingPath);
  return path;
}
