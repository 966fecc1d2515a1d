// Dutch is the default language; English comes as en-GB and en-US (spec §1). The choice is
// remembered per browser under liftwacht-locale.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@liftwacht/contracts/auth';
import { bundledResources, initialNamespaces, loadNamespace } from '../locales/resources.ts';
import { readString, storageKeys, writeString } from './storage.ts';

export const defaultLocale: Locale = 'nl';

/**
 * The locales of contracts/auth.ts (`locales`), restated: importing that module would bring zod to
 * the login page (scripts/report-size.mjs). i18n.test.ts keeps the two lists equal.
 */
export const locales = ['nl', 'en-GB', 'en-US'] as const satisfies readonly Locale[];

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/** A language code narrowed to the three locales the product offers. */
export function toLocale(language: string | undefined): Locale {
  return isLocale(language) ? language : defaultLocale;
}

export function storedLocale(): Locale | null {
  const value = readString(storageKeys.locale);
  return isLocale(value) ? value : null;
}

/** Loads locales/{nl,en}/<namespace>.json chunks on demand. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadNamespace(language, namespace).then(
      (resources) => callback(null, resources ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Resolves once the first screen's texts are there, so it never renders untranslated. */
export async function initI18n(locale: Locale = storedLocale() ?? defaultLocale): Promise<void> {
  if (i18next.isInitialized) {
    await i18next.changeLanguage(locale);
    return;
  }
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      resources: bundledResources,
      partialBundledLanguages: true,
      lng: locale,
      // en-GB and en-US share the `en` texts; Dutch is the fallback for anything missing.
      load: 'languageOnly',
      fallbackLng: 'nl',
      supportedLngs: ['nl', 'en'],
      nonExplicitSupportedLngs: true,
      ns: initialNamespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
  syncDocumentLanguage(locale);
}

/** The language the user picked; remembered so the next visit opens in it. */
export function changeLocale(locale: Locale): Promise<unknown> {
  writeString(storageKeys.locale, locale);
  return i18next.changeLanguage(locale);
}

/** Back to this browser's own choice (or Dutch) once a user with a profile language has left. */
export function restoreBrowserLocale(): void {
  const locale = storedLocale() ?? defaultLocale;
  if (i18next.language !== locale) void i18next.changeLanguage(locale);
}

/** The profile's language applies until this browser has a choice of its own. */
export function applyProfileLocale(locale: Locale): void {
  if (storedLocale() === null && i18next.language !== locale) void i18next.changeLanguage(locale);
}
