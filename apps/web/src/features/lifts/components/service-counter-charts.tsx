import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rideChartRange } from '../lib/counter-ranges.ts';
import { CounterChartCard } from './counter-chart-card.tsx';
import { RideEstimateCard } from './ride-estimate-card.tsx';

/** Spec §2: rides per 15 minutes, per week, per year, and the yearly estimate. */
export function ServiceCounterCharts({ liftId }: { liftId: number }) {
  const { t } = useTranslation('lifts');
  const titleId = useId();
  // Fixed when the page opens, so a refetch never shifts the window under the user.
  const [now] = useState(() => new Date());

  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('counters.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <CounterChartCard
            liftId={liftId}
            title={t('counters.quarterHours')}
            subtitle={t('counters.quarterHoursRange')}
            range={rideChartRange('quarterHours', now)}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <CounterChartCard
            liftId={liftId}
            title={t('counters.weeks')}
            subtitle={t('counters.weeksRange')}
            range={rideChartRange('weeks', now)}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <CounterChartCard
            liftId={liftId}
            title={t('counters.years')}
            subtitle={t('counters.yearsRange')}
            range={rideChartRange('years', now)}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <RideEstimateCard liftId={liftId} />
        </Grid>
      </Grid>
    </section>
  );
}
