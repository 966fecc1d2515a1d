import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartErrorPanel } from '../../../components/chart-error-panel.tsx';
import { formatIsoDate } from '../../../lib/format-date-time.ts';
import { rideEstimateQueryOptions } from '../api/get-ride-estimate.ts';

/** Rides per year: measured over the last 365 days, or extrapolated from a shorter history. */
export function RideEstimateCard({ liftId }: { liftId: number }) {
  const { t, i18n } = useTranslation('lifts');
  const titleId = useId();
  const query = useQuery(rideEstimateQueryOptions(liftId));
  const date = (value: string | null) => formatIsoDate(value, i18n.language);

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
          {t('counters.estimate')}
        </Typography>
        {query.isPending ? (
          <Skeleton variant="rectangular" height={80} role="progressbar" aria-label={t('counters.loading')} />
        ) : query.isError ? (
          <ChartErrorPanel onRetry={() => void query.refetch()} />
        ) : query.data.estimate === null ? (
          <Typography variant="body2">{t('counters.noData')}</Typography>
        ) : (
          <Box>
            <Typography variant="h5" component="p">
              {t('counters.estimateValue', { rides: new Intl.NumberFormat(i18n.language).format(query.data.estimate) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {query.data.method === 'last365Days'
                ? t('counters.estimateLast365Days', { from: date(query.data.basisFrom), to: date(query.data.basisTo) })
                : t('counters.estimateExtrapolated', {
                    days: query.data.basisDays,
                    from: date(query.data.basisFrom),
                    to: date(query.data.basisTo),
                  })}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
