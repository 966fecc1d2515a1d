import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import type { Formats } from '../hooks/use-formats.ts';

/** The value that put a lift in the list, formatted for what it measures. */
export function DetailsValue({ item, format }: { item: StatsDetailItem; format: Formats }) {
  const { t } = useTranslation('dashboard');
  const { value, unit } = item;
  if (value === null) return t('cards.noValue');
  if (typeof value === 'string') return unit === 'timestamp' ? format.dateTime(value) : format.date(value);
  switch (unit) {
    case 'percentage':
      return format.percentage(value);
    case 'days':
      return t('statsDetails.days', { count: value });
    case 'seconds':
      return format.duration(value);
    default:
      return format.count(value);
  }
}
