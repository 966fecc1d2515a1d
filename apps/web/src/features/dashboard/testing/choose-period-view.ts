import { storageKeys } from '../../../lib/storage.ts';

/** Stores a chosen period as the period selector would, before the app starts. */
export function storePeriod(period: {
  unit: 'month' | 'quarter' | 'year' | 'custom';
  offset: number;
  from: string;
  to: string;
}) {
  localStorage.setItem(storageKeys.period, JSON.stringify(period));
  localStorage.setItem(storageKeys.startDate, period.from);
  localStorage.setItem(storageKeys.endDate, period.to);
  localStorage.setItem(storageKeys.viewIsCurrent, 'false');
}
