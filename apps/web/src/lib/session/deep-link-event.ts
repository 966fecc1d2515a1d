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
