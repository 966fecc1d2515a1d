// The scheduled report's mail, in the subscriber's language: the PDF attached, or a link to the
// kept report when it is too large to attach.
import type { ReportCadence } from '@liftwacht/contracts/reports';
import { catalogue, interpolate, languageOf } from '../../lib/server-i18n.ts';

export interface ScheduledReportMailInput {
  cadence: ReportCadence;
  from: string;
  organisationName: string;
  recipientName: string;
  /** nl | en-GB | en-US */
  locale: string;
  /** The kept report's address when the PDF is not attached. */
  link: string | null;
}

/** "maart 2026" / "March 2026"; "1e kwartaal 2026" / "Q1 2026". */
export function scheduledPeriodText(cadence: ReportCadence, from: string, locale: string): string {
  const [year = 0, month = 1] = from.split('-').map(Number);
  if (cadence === 'quarterly') {
    const texts = catalogue(languageOf(locale))['report-mail'];
    return interpolate(texts.quarter, { quarter: String(Math.floor((month - 1) / 3) + 1), year: String(year) });
  }
  const intlLocale = locale === 'en-US' ? 'en-US' : locale.startsWith('en') ? 'en-GB' : 'nl-NL';
  return new Intl.DateTimeFormat(intlLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

export function renderScheduledReportMail(
  input: ScheduledReportMailInput,
  publicUrl: string,
): { subject: string; text: string } {
  const texts = catalogue(languageOf(input.locale))['report-mail'];
  const values = {
    name: input.recipientName,
    organisation: input.organisationName,
    period: scheduledPeriodText(input.cadence, input.from, input.locale),
    link: input.link ?? '',
    subscriptionsLink: `${publicUrl}/subscriptions`,
  };
  const body = input.link === null ? texts.attached : texts.link;
  return {
    subject: interpolate(texts.subject, values),
    text: [texts.greeting, body, texts.footer].map((p) => interpolate(p, values)).join('\n\n'),
  };
}
