import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

// Shell version of the dashboard: the stats, cards and period view are filled by issue 4.
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const organisationId = useSession((state) => state.organisationId);

  return (
    <PageContainer>
      <PageTitle title={t('title')} />
      {organisationId === null ? <Alert severity="info">{t('selectOrganisation')}</Alert> : null}
    </PageContainer>
  );
}
