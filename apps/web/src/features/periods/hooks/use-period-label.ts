import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../lib/i18n.ts';
import { periodLabel, type PeriodLabelTexts } from '../lib/period-label.ts';
import type { Period } from '../lib/period-range.ts';

/** Names periods in the active language ("november 2026", "Q4 2026", "week 45, 2026"). */
export function usePeriodLabel(): (period: Pick<Period, 'unit' | 'from' | 'to'>) => string {
  const { t, i18n } = useTranslation('periods');
  const locale = toLocale(i18n.language);
  return useCallback(
    (period) => {
      const texts: PeriodLabelTexts = {
        quarter: (quarter, year) => t('labels.quarter', { quarter, year }),
        week: ({ week, year }) => t('labels.week', { week, year }),
        weeks: (first, last) =>
          first.year === last.year
            ? t('labels.weeks', { firstWeek: first.week, lastWeek: last.week, year: first.year })
            : t('labels.weeksAcrossYears', {
                firstWeek: first.week,
                firstYear: first.year,
                lastWeek: last.week,
                lastYear: last.year,
              }),
      };
      return periodLabel(period, locale, texts);
    },
    [t, locale],
  );
}
