import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartErrorPanel } from '../../../components/chart-error-panel.tsx';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';

const CounterBarChart = lazy(() =>
  import('./counter-bar-chart.tsx').then((module) => ({ default: module.CounterBarChart })),
);

// The chart's height, repeated so that loading this module does not load the chart library.
const height = 220;

/** The bar chart, its code fetched on first use; a chart that fails to load or draw shows the chart error panel. */
export function LazyCounterChart(props: ComponentProps<typeof CounterBarChart>) {
  const { t } = useTranslation('lifts');
  return (
    <ErrorBoundary fallback={({ reset }) => <ChartErrorPanel onRetry={reset} />}>
      <Suspense
        fallback={
          <Skeleton variant="rectangular" height={height} role="progressbar" aria-label={t('counters.loading')} />
        }
      >
        <CounterBarChart {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
