// Timestamps in the user's language and the product's time zone (lifts are in the Netherlands,
// whatever the browser's zone), so a call at 08:00 reads 08:00 for everyone.
export function formatDateTime(iso: string | null, language: string, empty = '—'): string {
  if (iso === null) return empty;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return empty;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}
