import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { exportStatsDetails } from '../api/export-stats-details.ts';
import { useDashboardView } from '../hooks/use-dashboard-view.ts';
import { useDetailsTitle } from '../hooks/use-details-title.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { parseDetailsRoute, usesPeriod, type DetailsRoute } from '../lib/details-route.ts';
import { BackToDashboard } from './back-to-dashboard.tsx';
import { StatsDetailsList } from './stats-details-list.tsx';

/** /stats-details/{type}/{lower?}/{upper?}: the lifts behind a dashboard figure (spec §2). */
export function StatsDetailsPage() {
  const { t } = useTranslation('dashboard');
  const route = parseDetailsRoute(useParams());
  if (!route) {
    return (
      <PageContainer>
        <BackToDashboard label={t('statsDetails.back')} />
        <PageTitle title={t('statsDetails.title')} />
        <Alert severity="warning">{t('statsDetails.unknownType')}</Alert>
      </PageContainer>
    );
  }
  return <KnownStatsDetails route={route} />;
}

function KnownStatsDetails({ route }: { route: DetailsRoute }) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const view = useDashboardView();
  // The list covers what the dashboard showed: the selected period in the period view.
  const period = usesPeriod(route.type, view.viewIsCurrent) ? { from: view.from, to: view.to } : undefined;
  const title = useDetailsTitle(route, period !== undefined);
  const { organisationId } = view;

  return (
    <PageContainer>
      <BackToDashboard label={t('statsDetails.back')} />
      <PageTitle title={title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {period
          ? t('statsDetails.period', { range: format.dateRange(period.from, period.to) })
          : t('statsDetails.current')}
      </Typography>
      {organisationId === null ? (
        <Alert severity="info">{t('selectOrganisation')}</Alert>
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <ExportMenu
              onExport={(format, language) =>
                exportStatsDetails({ ...route, organisationId, ...(period ? { period } : {}) }, format, language)
              }
            />
          </Box>
          <StatsDetailsList route={route} organisationId={organisationId} period={period} />
        </>
      )}
    </PageContainer>
  );
}
