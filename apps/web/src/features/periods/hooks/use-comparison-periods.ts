import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { comparisonPeriods } from '../lib/comparison-periods.ts';
import { usePeriodLabel } from './use-period-label.ts';
import { useToday } from './use-today.ts';

export interface LabelledPeriod {
  from: string;
  to: string;
  label: string;
}

export interface LabelledComparison {
  key: string;
  title: string;
  current: LabelledPeriod;
  previous: LabelledPeriod;
}

/** This month, quarter and year next to the previous one, named in the active language. */
export function useComparisonPeriods(): LabelledComparison[] {
  const { t } = useTranslation('periods');
  const today = useToday();
  const label = usePeriodLabel();
  return useMemo(
    () =>
      comparisonPeriods(today).map(({ unit, current, previous }) => ({
        key: unit,
        title: t(`units.${unit}`),
        current: { from: current.from, to: current.to, label: label(current) },
        previous: { from: previous.from, to: previous.to, label: label(previous) },
      })),
    [today, label, t],
  );
}
