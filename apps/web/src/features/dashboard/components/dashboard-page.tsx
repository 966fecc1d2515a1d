import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useDashboardView } from '../hooks/use-dashboard-view.ts';
import { selectUserMechanic } from '../../../lib/session/session-selectors.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { OrganisationDashboard } from './organisation-dashboard.tsx';
import { ServedDashboard } from './served-dashboard.tsx';

interface DashboardPageProps {
  /**
   * The period selector and the PDF download belong to other features; the route hands them in,
   * so this feature does not import them. The selector is not shown to restricted users.
   */
  periodSelector?: ReactNode;
  reportAction?: ReactNode;
  /** Above everything: what an administrator still has to set up (another feature's). */
  notice?: ReactNode;
}

/** Spec §2 "Dashboard". */
export function DashboardPage({ periodSelector, reportAction, notice }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  const view = useDashboardView();
  const mechanic = useSession(selectUserMechanic);
  const listLoaded = useSession((state) => state.organisationList.length > 0);
  const { t: tc } = useTranslation();

  return (
    <PageContainer>
      <PageTitle title={t('title')} />
      {notice}
      {mechanic ? (
        // A mechanic picks no organisation: his dashboard covers every lift his company serves.
        <ServedDashboard />
      ) : view.organisationId === null ? (
        // The session chooses one as soon as the organisation list is in: until then it is loading.
        listLoaded ? (
          <Alert severity="info">{t('selectOrganisation')}</Alert>
        ) : (
          <CircularProgress aria-label={tc('loading')} />
        )
      ) : (
        <>
          {view.restricted || !periodSelector ? null : <Box sx={{ mb: 3 }}>{periodSelector}</Box>}
          <OrganisationDashboard organisationId={view.organisationId} view={view} reportAction={reportAction} />
        </>
      )}
    </PageContainer>
  );
}
