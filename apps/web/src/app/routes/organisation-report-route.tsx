import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the organisation report is filled by issue 8.
export function OrganisationReportRoute() {
  const { t } = useTranslation('reports');
  return (
    <PageContainer>
      <PageTitle title={t('organisation.title')} />
    </PageContainer>
  );
}
