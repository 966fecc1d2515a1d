// The built-in names and units of the standard readings, from locales/<language>/sense-labels.json,
// and how an organisation's own names fall over them for one language.
import { isStandardReadingKey } from '@liftwacht/contracts/sense-labels';
import { catalogue, type ServerLanguage } from '../../lib/server-i18n.ts';

export interface ReadingNames {
  name: string;
  unit: string | null;
}

export interface OwnNames {
  nameNl: string | null;
  nameEn: string | null;
  unit: string | null;
}

export function defaultNames(key: string, language: ServerLanguage): ReadingNames | null {
  if (!isStandardReadingKey(key)) return null;
  const readings: Record<string, { name: string; unit: string } | undefined> =
    catalogue(language)['sense-labels'].readings;
  const entry = readings[key];
  return entry ? { name: entry.name, unit: entry.unit === '' ? null : entry.unit } : null;
}

/**
 * What a reading is called in `language`: the organisation's name in that language, else the
 * default, else its name in the other language (a key without a default), else the key itself. The
 * organisation's unit, when it set one, wins over the default's.
 */
export function shownNames(key: string, language: ServerLanguage, own: OwnNames | null): ReadingNames {
  const fallback = defaultNames(key, language);
  const ownName = language === 'nl' ? own?.nameNl : own?.nameEn;
  const otherName = language === 'nl' ? own?.nameEn : own?.nameNl;
  return {
    name: ownName ?? fallback?.name ?? otherName ?? key,
    unit: own?.unit ?? fallback?.unit ?? null,
  };
}
