import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { statsQueryOptions } from '../api/stats-query.ts';
import { useFormats, type Formats } from '../hooks/use-formats.ts';
import { bucketOfPercentage } from '../lib/availability-buckets.ts';
import { formatFigure } from '../lib/format-figure.ts';
import { liftPeriodCards, type LiftFeatures, type LiftPeriodValue } from '../lib/lift-cards.ts';
import { CardGrid } from './card-grid.tsx';
import { StatCard } from './stat-card.tsx';

interface LiftPeriodCardsProps extends LiftFeatures {
  liftId: number;
  organisationId: number;
  from: string;
  to: string;
}

function formatValue(value: LiftPeriodValue, format: Formats, noValue: string): string {
  switch (value.kind) {
    case 'percentage':
      return format.percentage(value.value);
    case 'energy':
      return format.energy(value.value);
    case 'yesNo':
      return format.yesNo(value.value);
    case 'count':
      return format.count(value.value);
    case 'figure':
      return formatFigure(value.figure, format, noValue);
  }
}

/** The lift's figures over the selected period, from GET /stats?liftId=…. */
export function LiftPeriodCards({ liftId, organisationId, from, to, ...features }: LiftPeriodCardsProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const stats = useQuery(statsQueryOptions({ organisationId, liftId, view: 'period', from, to }));
  if (isApiError(stats.error) && stats.error.status === 404) return <Alert severity="info">{t('lift.notFound')}</Alert>;
  const data = stats.data?.view === 'period' ? stats.data : undefined;

  return (
    <CardGrid minWidth={180}>
      {liftPeriodCards(features).map((card) => {
        const value = data ? card.value(data) : undefined;
        const p90 = data && card.p90 ? card.p90(data) : null;
        return (
          <StatCard
            key={card.key}
            label={t(`lift.period.${card.key}`)}
            value={value ? formatValue(value, format, t('cards.noValue')) : stats.isError ? t('cards.noValue') : null}
            accent={value?.kind === 'percentage' ? bucketOfPercentage(value.value).colour : undefined}
            detail={p90 === null ? undefined : t('period.p90', { value: format.duration(p90) })}
          />
        );
      })}
    </CardGrid>
  );
}
