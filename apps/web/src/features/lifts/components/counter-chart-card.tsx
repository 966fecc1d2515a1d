import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartErrorPanel } from '../../../components/chart-error-panel.tsx';
import { countersQueryOptions } from '../api/get-counters.ts';
import { chartPoints } from '../lib/chart-points.ts';
import type { CounterRange } from '../lib/counter-ranges.ts';
import { LazyCounterChart } from './lazy-counter-chart.tsx';

interface CounterChartCardProps {
  liftId: number;
  title: string;
  /** What the chart covers ("Afgelopen 52 weken"). */
  subtitle: string;
  range: CounterRange;
}

/** One service counter chart: rides per bucket, with the spec's empty and error states. */
export function CounterChartCard({ liftId, title, subtitle, range }: CounterChartCardProps) {
  const { t, i18n } = useTranslation('lifts');
  const titleId = useId();
  const query = useQuery(countersQueryOptions({ liftId, kind: 'rides', ...range }));
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  return (
    <Card variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0, height: '100%' }}>
      <CardContent>
        <Box component="figcaption" id={titleId} sx={{ mb: 1 }}>
          <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 500 }}>
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {subtitle}
          </Typography>
        </Box>
        {query.isPending ? (
          <Skeleton variant="rectangular" height={220} role="progressbar" aria-label={t('counters.loading')} />
        ) : query.isError ? (
          <ChartErrorPanel onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <Box sx={{ minHeight: 220, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Typography variant="body2">{t('counters.noData')}</Typography>
          </Box>
        ) : (
          <>
            <Box
              role="img"
              aria-label={t('counters.chartLabel', {
                title,
                rides: count(query.data.sum),
                buckets: query.data.items.length,
              })}
            >
              <LazyCounterChart
                points={chartPoints(query.data.items, range.interval, i18n.language)}
                valueName={t('counters.rides')}
                locale={i18n.language}
              />
            </Box>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('counters.total', { rides: count(query.data.sum) })}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
