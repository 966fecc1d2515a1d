import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the period comparison is filled by issue 4.
export function ComparePeriodsRoute() {
  const { t } = useTranslation('periods');
  return (
    <PageContainer>
      <PageTitle title={t('compare.title')} />
    </PageContainer>
  );
}
