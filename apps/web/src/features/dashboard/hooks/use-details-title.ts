import type { StatsDetailType } from '@liftwacht/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import { alarmCards, type AlarmCardType } from '../lib/alarm-cards.ts';
import { availabilityBuckets } from '../lib/availability-buckets.ts';
import type { DetailsRoute } from '../lib/details-route.ts';
import { useFormats } from './use-formats.ts';

type PeriodKeyType =
  | 'liftAvailability'
  | 'intercomAvailability'
  | 'maintenanceBeforeInterval'
  | 'maintenanceOnInterval'
  | 'maintenanceAfterInterval'
  | 'maintenanceExpired'
  | AlarmCardType;

const periodKeyTypes: readonly StatsDetailType[] = [
  'liftAvailability',
  'intercomAvailability',
  'maintenanceBeforeInterval',
  'maintenanceOnInterval',
  'maintenanceAfterInterval',
  'maintenanceExpired',
  ...alarmCards.map((card) => card.type),
];

const isPeriodKeyType = (type: StatsDetailType): type is PeriodKeyType => periodKeyTypes.includes(type);

/** The details page's title: the figure's card label, plus the availability bucket it narrows to. */
export function useDetailsTitle(route: DetailsRoute, period: boolean): string {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const { type, lower, upper } = route;
  const title =
    isPeriodKeyType(type) ||
    (period && (type === 'approvalRejected' || type === 'approvalExpired' || type === 'inspectionUnknown'))
      ? t(`period.${type}`)
      : t(`cards.${type}`);

  // 0–1 (the availability cards) is every lift: no narrowing to name.
  if (lower === undefined || (lower === 0 && (upper === undefined || upper >= 1))) return title;
  const bucket = availabilityBuckets.find((b) => b.lower === lower && (b.upper ?? undefined) === upper);
  const bucketLabel = bucket
    ? t(`buckets.${bucket.key}`)
    : t('buckets.range', { lower: format.percentage(lower * 100), upper: format.percentage((upper ?? 1) * 100) });
  return t('statsDetails.titleWithBucket', { title, bucket: bucketLabel });
}
