import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  choiceFromSearch,
  choiceToSearch,
  comparedRanges,
  type ComparedChoice,
  type ComparedRanges,
  type Range,
} from '../lib/compared-periods.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { dayRangeLabel } from '../lib/period-label.ts';
import { usePeriodLabel } from './use-period-label.ts';
import { useToday } from './use-today.ts';

export interface LabelledRange extends Range {
  label: string;
  partial: boolean;
}

export interface ComparedPeriods {
  choice: ComparedChoice;
  setChoice: (choice: ComparedChoice) => void;
  /** The choice's own periods, named ("december 2026"). */
  asked: { first: string; second: string };
  /** What is compared, named: cut to the same days ("1–4 dec 2026") or whole, partial marked. */
  compared: { first: LabelledRange; second: LabelledRange; sameDays: boolean };
  /** The page's one comparison: the unit's name and the two compared periods. */
  comparison: { key: string; title: string; current: LabelledRange; previous: LabelledRange };
  /** The asked period still running, named; null when both are over. */
  running: string | null;
  today: Date;
}

/** The compare-periods choice kept in the URL (a link or Back shows the same comparison). */
export function useComparedPeriods(): ComparedPeriods {
  const { t, i18n } = useTranslation('periods');
  const [search, setSearch] = useSearchParams();
  const today = useToday();
  const label = usePeriodLabel();
  const choice = choiceFromSearch(search, today);
  const setChoice = useCallback(
    (next: ComparedChoice) => setSearch(choiceToSearch(next), { replace: true }),
    [setSearch],
  );

  const ranges: ComparedRanges = comparedRanges(choice, today);
  const askedLabel = (range: Range) => label({ unit: choice.unit, ...range });
  const comparedLabel = (range: Range & { partial: boolean }, asked: Range): LabelledRange => {
    // A range cut to the same days is named by its days ("1–4 dec 2026", never as weeks), as the
    // export names it; a whole one as its unit names it.
    const cut = range.from !== asked.from || range.to !== asked.to;
    const name = cut ? dayRangeLabel(range.from, range.to, toLocale(i18n.language)) : askedLabel(range);
    return { ...range, label: range.partial ? t('compare.partialLabel', { period: name }) : name };
  };
  const first = comparedLabel(ranges.first, choice.first);
  const second = comparedLabel(ranges.second, choice.second);
  const title = choice.unit === 'custom' ? t('custom.title') : t(`units.${choice.unit}`);
  return {
    choice,
    setChoice,
    asked: { first: askedLabel(choice.first), second: askedLabel(choice.second) },
    compared: { first, second, sameDays: ranges.sameDays },
    comparison: { key: choice.unit, title, current: first, previous: second },
    running: ranges.running === null ? null : askedLabel(choice[ranges.running]),
    today,
  };
}
