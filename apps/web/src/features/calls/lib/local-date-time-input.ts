// The browser's datetime-local input speaks local wall time without a zone ("2026-03-10T09:41");
// the API speaks ISO instants. The phone's own zone is the one the person reads the time in.

const pad = (n: number) => String(n).padStart(2, '0');

/** The input's value for `date` (default now), to the minute. */
export function nowAsLocalInput(date: Date = new Date()): string {
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant the input names, or null for an empty or unreadable value. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
