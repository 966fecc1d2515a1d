import { enGB, enUS, nl, type Locale as DateFnsLocale } from 'date-fns/locale';
import type { Locale } from '@liftwacht/contracts/auth';
import { weekOptions } from './dates.ts';

const dateFnsLocales: Record<Locale, DateFnsLocale> = { nl, 'en-GB': enGB, 'en-US': enUS };

/**
 * The date-fns locale for a product locale, with the spec's week rules forced on: en-US on its
 * own would start weeks on Sunday.
 */
export function dateFnsLocale(locale: Locale): DateFnsLocale {
  const base = dateFnsLocales[locale];
  return { ...base, options: { ...base.options, ...weekOptions } };
}
