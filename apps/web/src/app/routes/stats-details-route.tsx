import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the stats details list is filled by issue 4.
export function StatsDetailsRoute() {
  const { t } = useTranslation('dashboard');
  return (
    <PageContainer>
      <PageTitle title={t('statsDetails.title')} />
    </PageContainer>
  );
}
