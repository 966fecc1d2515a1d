import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartBoundary } from './chart-boundary.tsx';

const AvailabilityPieChart = lazy(() =>
  import('./availability-pie-chart.tsx').then((module) => ({ default: module.AvailabilityPieChart })),
);

// The chart's size, repeated here so loading this module does not load the chart library.
const size = 200;

/** The pie chart, its code fetched on first use, behind the chart error panel. */
export function LazyAvailabilityChart(props: ComponentProps<typeof AvailabilityPieChart>) {
  const { t } = useTranslation('dashboard');
  return (
    <ChartBoundary>
      <Suspense fallback={<Skeleton variant="circular" width={size} height={size} aria-label={t('chart.loading')} />}>
        <AvailabilityPieChart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}
