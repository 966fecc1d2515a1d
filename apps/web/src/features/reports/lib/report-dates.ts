import type { ReportLanguage } from '@liftwacht/contracts/reports';

const intlLocales: Record<ReportLanguage, string> = { nl: 'nl-NL', en: 'en-GB' };

/** A report day written as the PDF's cover writes it ("1 februari 2026", "1 February 2026"). */
export function reportDay(isoDate: string, language: ReportLanguage): string {
  return new Intl.DateTimeFormat(intlLocales[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** The interface's language as a report language: English for both English variants. */
export const reportLanguageOf = (language: string): ReportLanguage => (language.startsWith('en') ? 'en' : 'nl');

/** Whole kilobytes, at least 1. */
export const kilobytes = (bytes: number): number => Math.max(1, Math.round(bytes / 1024));
