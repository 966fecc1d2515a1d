import Box from '@mui/material/Box';
import type { PeriodStats } from '@liftwacht/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { alarmSections } from '../lib/alarm-cards.ts';
import { bucketCounts, bucketOfPercentage } from '../lib/availability-buckets.ts';
import { periodCards } from '../lib/dashboard-cards.ts';
import { formatFigure } from '../lib/format-figure.ts';
import { AvailabilityPieCard } from './availability-pie-card.tsx';
import { CardGrid } from './card-grid.tsx';
import { DashboardSection } from './dashboard-section.tsx';
import { StatCard } from './stat-card.tsx';

interface PeriodViewProps {
  stats: PeriodStats | undefined;
  failed: boolean;
  onRetry: () => void;
}

/**
 * Spec §2 "Period view": availability (two cards, two pie charts), then inspections and maintenance,
 * then entrapment handling and reliability (issue 19).
 */
export function PeriodView({ stats, failed, onRetry }: PeriodViewProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const pending = failed ? t('cards.noValue') : null;
  const availabilityCard = (type: 'liftAvailability' | 'intercomAvailability') => {
    const availability = stats?.[type];
    return (
      <StatCard
        label={t(`period.${type}`)}
        value={availability ? format.percentage(availability.percentage) : pending}
        accent={availability ? bucketOfPercentage(availability.percentage).colour : undefined}
        // From the dashboard the availability cards list every lift (spec §2: /0/1).
        to={paths.statsDetails(type, 0, 1)}
      />
    );
  };

  return (
    <>
      <DashboardSection title={t('period.availability')}>
        <CardGrid minWidth={240}>
          {/* The two percentages stacked, so they line up with the taller pie charts beside them. */}
          <Box sx={{ display: 'grid', gridTemplateRows: '1fr 1fr', gap: 2 }}>
            {availabilityCard('liftAvailability')}
            {availabilityCard('intercomAvailability')}
          </Box>
          <AvailabilityPieCard
            title={t('period.liftChart')}
            type="liftAvailability"
            buckets={stats ? bucketCounts(stats.liftAvailability) : undefined}
            failed={failed}
            onRetry={onRetry}
          />
          <AvailabilityPieCard
            title={t('period.intercomChart')}
            type="intercomAvailability"
            buckets={stats ? bucketCounts(stats.intercomAvailability) : undefined}
            failed={failed}
            onRetry={onRetry}
          />
        </CardGrid>
      </DashboardSection>
      <DashboardSection title={t('period.inspectionsAndMaintenance')}>
        <CardGrid>
          {periodCards.map(({ type, value }) => (
            <StatCard
              key={type}
              label={t(`period.${type}`)}
              value={stats ? format.count(value(stats)) : pending}
              to={paths.statsDetails(type)}
            />
          ))}
        </CardGrid>
      </DashboardSection>
      {alarmSections.map((section) => (
        <DashboardSection key={section.key} title={t(`period.${section.key}`)}>
          <CardGrid>
            {section.cards.map(({ type, kind, value, p90 }) => {
              const p90Value = stats && p90 ? p90(stats) : null;
              return (
                <StatCard
                  key={type}
                  label={t(`period.${type}`)}
                  value={stats ? formatFigure({ kind, value: value(stats) }, format, t('cards.noValue')) : pending}
                  detail={p90Value === null ? undefined : t('period.p90', { value: format.duration(p90Value) })}
                  to={paths.statsDetails(type)}
                />
              );
            })}
          </CardGrid>
        </DashboardSection>
      ))}
    </>
  );
}
