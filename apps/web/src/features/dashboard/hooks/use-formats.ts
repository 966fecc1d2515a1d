import { parseISO } from 'date-fns';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../lib/i18n.ts';
import { formatKwh } from '../../../lib/format-kwh.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { formatTruncated } from '../lib/truncated-number.ts';

export interface Formats {
  /** 98.996 → "98,99 %" / "98.99%". */
  percentage: (percent: number) => string;
  /** A change of availability: "+0,25 procentpunt". */
  percentagePoints: (delta: number) => string;
  count: (value: number) => string;
  /** A change of a count: "+2", "-1", "0". */
  signedCount: (value: number) => string;
  /** Seconds in the app's one duration format: "34 min", "2 u 05 min", "7 d 10 u". */
  duration: (seconds: number) => string;
  /** A change of a duration: "+1 min", "-30 s", "0 s". */
  signedDuration: (seconds: number) => string;
  /** Wh in, "20.607,4 kWh" out. */
  energy: (wattHours: number) => string;
  yesNo: (value: boolean) => string;
  /** yyyy-MM-dd → "21 nov 2026". */
  date: (isoDate: string) => string;
  /** An ISO timestamp → "21 nov 2026 14:05". */
  dateTime: (timestamp: string) => string;
  /** "1–31 okt 2026". */
  dateRange: (from: string, to: string) => string;
}

/** The dashboard's number and date formats in the active language. */
export function useFormats(): Formats {
  const { t, i18n } = useTranslation('dashboard');
  const locale = toLocale(i18n.language);
  const formatDuration = useFormatDuration();
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
    const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      percentage: (percent) => t('format.percentage', { value: formatTruncated(percent, locale) }),
      percentagePoints: (delta) =>
        t('format.percentagePoints', { value: formatTruncated(delta, locale, { signDisplay: 'exceptZero' }) }),
      count: (value) => count.format(value),
      signedCount: (value) => signed.format(value),
      duration: (seconds) => formatDuration(seconds),
      signedDuration: (seconds) => {
        const whole = Math.trunc(seconds);
        return `${whole > 0 ? '+' : whole < 0 ? '-' : ''}${formatDuration(Math.abs(whole))}`;
      },
      energy: (wattHours) => t('format.energy', { value: formatKwh(wattHours, locale) }),
      yesNo: (value) => (value ? t('format.yes') : t('format.no')),
      date: (isoDate) => date.format(parseISO(isoDate)),
      dateTime: (timestamp) => dateTime.format(new Date(timestamp)),
      dateRange: (from, to) => date.formatRange(parseISO(from), parseISO(to)),
    };
  }, [t, locale, formatDuration]);
}
