// Timestamps and dates in the user's language and the product's time zone (lifts are in the
// Netherlands, whatever the browser's zone), so a visit at 08:00 reads 08:00 for everyone.
export const productTimeZone = 'Europe/Amsterdam';

export function formatDateTime(iso: string | null, language: string, empty = '—'): string {
  return formatInstant(iso, language, empty, 'short');
}

/** With seconds: for calls and events, where the order within a minute matters. */
export function formatDateTimeWithSeconds(iso: string | null, language: string, empty = '—'): string {
  return formatInstant(iso, language, empty, 'medium');
}

function formatInstant(iso: string | null, language: string, empty: string, timeStyle: 'short' | 'medium'): string {
  if (iso === null) return empty;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return empty;
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle, timeZone: productTimeZone }).format(date);
}

/** A yyyy-MM-dd calendar date, shown without any time-zone shift. */
export function formatIsoDate(isoDate: string | null, language: string, empty = '—'): string {
  if (isoDate === null) return empty;
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return empty;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
