import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { exportComparedPeriods } from '../api/export-compared-periods.ts';
import { liftCountQueryOptions } from '../api/lift-count-query.ts';
import { useDashboardView } from '../hooks/use-dashboard-view.ts';
import { BackToDashboard } from './back-to-dashboard.tsx';
import { ComparisonTable, type PeriodComparison } from './comparison-table.tsx';

interface ComparePeriodsPageProps {
  /** The chosen periods, named; the route gets them from the periods feature. */
  comparisons: readonly PeriodComparison[];
  /** Where the user chooses the periods (the periods feature's controls). */
  choice?: ReactNode;
}

/** /compare-periods: the figures of the chosen period next to the one it is compared with, with the change. */
export function ComparePeriodsPage({ comparisons, choice }: ComparePeriodsPageProps) {
  const { t } = useTranslation(['periods', 'dashboard']);
  const { restricted, organisationId } = useDashboardView();

  return (
    <PageContainer>
      <BackToDashboard label={t('compare.back')} />
      <PageTitle title={t('compare.title')} />
      {restricted ? (
        // Period figures are not for client-light users and mechanics (spec §6).
        <Alert severity="info">{t('compare.restricted')}</Alert>
      ) : organisationId === null ? (
        <Alert severity="info">{t('dashboard:selectOrganisation')}</Alert>
      ) : (
        <WithLifts organisationId={organisationId}>
          {choice}
          <Box sx={{ mb: 2 }}>
            <ExportMenu
              onExport={(format, language) =>
                exportComparedPeriods({ organisationId, pairs: comparisons }, format, language)
              }
            />
          </Box>
          {comparisons.map((comparison) => (
            <ComparisonTable key={comparison.key} comparison={comparison} organisationId={organisationId} />
          ))}
        </WithLifts>
      )}
    </PageContainer>
  );
}

/**
 * The figures of an organisation that has lifts: as on the dashboard, the count (the lift list
 * with limit 1) comes first, and an organisation without lifts costs no /stats request.
 */
function WithLifts({ organisationId, children }: { organisationId: number; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const count = useQuery(liftCountQueryOptions(organisationId));
  if (count.data === undefined)
    return count.isError ? children : <CircularProgress aria-label={t('overview.liftCountLoading')} />;
  return count.data === 0 ? <Alert severity="info">{t('noLifts')}</Alert> : children;
}
