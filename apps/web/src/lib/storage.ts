// Everything the browser remembers lives under a `liftwacht-` key in localStorage, so it survives
// a reload and never collides with other apps on the same origin.
import type { z } from 'zod';

export const storageKeys = {
  userToken: 'liftwacht-token',
  organisationId: 'liftwacht-organisation-id',
  /** Set when the person chose the organisation in the picker (not the session's default). */
  organisationPicked: 'liftwacht-organisation-picked',
  startDate: 'liftwacht-start-date',
  endDate: 'liftwacht-end-date',
  period: 'liftwacht-period',
  eventFilters: 'liftwacht-event-filters',
  historyCheckboxes: 'liftwacht-history-checkboxes',
  lockedLiftId: 'liftwacht-locked-lift-id',
  viewIsCurrent: 'liftwacht-view-is-current',
  senseNotConnectedFilter: 'liftwacht-sense-not-connected-filter',
  socketAccess: 'liftwacht-socket-access',
  deepLinkEventId: 'liftwacht-deep-link-event-id',
  stickerPath: 'liftwacht-sticker-path',
  /** Where the next login lands instead of the dashboard, once (the checklist after setup). */
  landingPath: 'liftwacht-landing-path',
  locale: 'liftwacht-locale',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage can throw (private mode, quota, disabled cookies); the app then simply forgets.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Not remembering is better than failing the action that wanted it remembered.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // See writeString.
  }
}

export function readInteger(key: StorageKey): number | null {
  const raw = readString(key);
  if (raw === null || !/^-?\d+$/.test(raw.trim())) return null;
  return Number.parseInt(raw, 10);
}

/** Reads JSON and validates it; a value written by an older version that no longer fits is dropped. */
export function readJson<T>(key: StorageKey, schema: z.ZodType<T>): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Like readJson, with a plain type guard for values read before zod is loaded (the login page). */
export function readCheckedJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
