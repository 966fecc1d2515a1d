import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { exportComparedPeriods } from '../api/export-compared-periods.ts';
import { useDashboardView } from '../hooks/use-dashboard-view.ts';
import { BackToDashboard } from './back-to-dashboard.tsx';
import { ComparisonTable, type PeriodComparison } from './comparison-table.tsx';

interface ComparePeriodsPageProps {
  /** Current and previous month, quarter and year, named; the route gets them from the periods feature. */
  comparisons: readonly PeriodComparison[];
}

/** /compare-periods (spec §2): the figures of each period next to the previous one, with the change. */
export function ComparePeriodsPage({ comparisons }: ComparePeriodsPageProps) {
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
        <>
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
        </>
      )}
    </PageContainer>
  );
}
