// A moment as a mail's reader reads it: Dutch or British/American style, always Amsterdam time
// (where the lifts are), whatever zone the server runs in.
import { businessTimeZone } from '../db/rollups/availability-rollup.ts';

export function formatMailTime(at: Date, locale: string): string {
  const intlLocale = locale === 'en-US' ? 'en-US' : locale.startsWith('en') ? 'en-GB' : 'nl-NL';
  return new Intl.DateTimeFormat(intlLocale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: businessTimeZone,
  }).format(at);
}
