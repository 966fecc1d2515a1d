import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { myVisitsQueryOptions } from '../api/my-visits-query.ts';
import { servedStatsQueryOptions } from '../api/served-stats-query.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { CardGrid } from './card-grid.tsx';
import { MyVisitsCard } from './my-visits-card.tsx';
import { OverviewHeader } from './overview-header.tsx';
import { StatCard } from './stat-card.tsx';

/** The current view's cards every role sees (the others are hidden from a mechanic). */
const servedCards = ['intercomUnavailable', 'senseNotConnected'] as const;

/**
 * A mechanic's dashboard: he picks no organisation, so it covers every lift his company serves —
 * the lift count, the lifts he is working on, and the two figures every role sees. The cards open
 * no details: those are lists of one organisation.
 */
export function ServedDashboard() {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const stats = useQuery(servedStatsQueryOptions());
  const mine = useQuery(myVisitsQueryOptions(undefined));
  const served = stats.data;
  const scope =
    served === undefined || served.organisationCount <= 1
      ? t('current.label')
      : `${t('current.label')} · ${t('served.organisations', { count: served.organisationCount })}`;

  return (
    <>
      <OverviewHeader liftCount={served?.liftCount} scope={scope} />
      {mine.data ? <MyVisitsCard openVisits={mine.data.openVisits} /> : null}
      {served?.liftCount === 0 ? (
        <Alert severity="info">{t('served.noLifts')}</Alert>
      ) : (
        <CardGrid>
          {servedCards.map((type) => {
            const count = served?.[type];
            const value =
              count === undefined ? (stats.isError || served ? t('cards.noValue') : null) : format.count(count);
            return <StatCard key={type} label={t(`cards.${type}`)} value={value} />;
          })}
        </CardGrid>
      )}
    </>
  );
}
