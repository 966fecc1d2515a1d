import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import { liftCountQueryOptions } from '../api/lift-count-query.ts';
import { statsQueryOptions, type StatsRequest } from '../api/stats-query.ts';
import type { DashboardView } from '../hooks/use-dashboard-view.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { CurrentViewCards } from './current-view-cards.tsx';
import { OverviewHeader } from './overview-header.tsx';
import { PeriodView } from './period-view.tsx';

interface OrganisationDashboardProps {
  organisationId: number;
  view: DashboardView;
  reportAction: ReactNode;
}

/** The dashboard of one organisation: Overview header, then the cards of the current or period view. */
export function OrganisationDashboard({ organisationId, view, reportAction }: OrganisationDashboardProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const request: StatsRequest = view.viewIsCurrent
    ? { organisationId, view: 'current' }
    : { organisationId, view: 'period', from: view.from, to: view.to };
  // A mechanic, who may not list lifts, has the dashboard of all he serves (served-dashboard.tsx).
  const liftCount = useQuery(liftCountQueryOptions(organisationId));
  // The figures are asked once the count says there are lifts: an organisation without lifts
  // costs no /stats request (and no 404 in the log), only the count.
  const hasLifts = liftCount.data !== undefined && liftCount.data > 0;
  const stats = useQuery({ ...statsQueryOptions(request), enabled: hasLifts });
  // The current view also refreshes when the server pushes a change (issue 7), not only every
  // minute; the count too, so a first lift added elsewhere brings the cards.
  useRefetchOnOrganisationChange(view.viewIsCurrent ? organisationId : null, [
    statsQueryOptions(request).queryKey,
    liftCountQueryOptions(organisationId).queryKey,
  ]);

  // Spec §2/§8: no lifts, or a stats 404, is the no-lifts message; other failures are only logged
  // (by the query) and leave the cards without figures.
  const noLifts = liftCount.data === 0 || (isApiError(stats.error) && stats.error.status === 404);
  const failed = stats.isError;
  const data = stats.data;

  return (
    <>
      <OverviewHeader
        liftCount={liftCount.data}
        scope={
          view.viewIsCurrent ? t('current.label') : t('period.label', { range: format.dateRange(view.from, view.to) })
        }
        action={view.viewIsCurrent || noLifts ? null : reportAction}
      />
      {noLifts ? (
        <Alert severity="info">{t('noLifts')}</Alert>
      ) : (
        <Box>
          {view.viewIsCurrent ? (
            <CurrentViewCards
              stats={data?.view === 'current' ? data : undefined}
              failed={failed}
              restricted={view.restricted}
            />
          ) : (
            <PeriodView
              stats={data?.view === 'period' ? data : undefined}
              failed={failed}
              onRetry={() => void stats.refetch()}
            />
          )}
        </Box>
      )}
    </>
  );
}
