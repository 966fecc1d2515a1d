// Dutch is the default language; English comes as en-GB and en-US (spec §1). The choice is
// remembered per browser under liftwacht-locale.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { locales, type Locale } from '@liftwacht/contracts/auth';
import { enResources, namespaces, nlResources } from '../locales/resources.ts';
import { readString, storageKeys, writeString } from './storage.ts';

export const defaultLocale: Locale = 'nl';

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

export function storedLocale(): Locale | null {
  const value = readString(storageKeys.locale);
  return isLocale(value) ? value : null;
}

function syncDocumentLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function initI18n(locale: Locale = storedLocale() ?? defaultLocale): typeof i18next {
  if (!i18next.isInitialized) {
    // Resources are bundled, so initialisation is synchronous and the first render is translated.
    void i18next.use(initReactI18next).init({
      resources: { nl: nlResources, en: enResources },
      lng: locale,
      // en-GB and en-US share the English texts; anything else falls back to Dutch.
      fallbackLng: { 'en-GB': ['en'], 'en-US': ['en'], default: ['nl'] },
      supportedLngs: ['nl', 'en', ...locales],
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    i18next.on('languageChanged', syncDocumentLanguage);
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  syncDocumentLanguage(locale);
  return i18next;
}

/** The language the user picked; remembered so the next visit opens in it. */
export function changeLocale(locale: Locale): void {
  writeString(storageKeys.locale, locale);
  void i18next.changeLanguage(locale);
}

/** A language code narrowed to the three locales the product offers. */
export function toLocale(language: string | undefined): Locale {
  return isLocale(language) ? language : defaultLocale;
}
