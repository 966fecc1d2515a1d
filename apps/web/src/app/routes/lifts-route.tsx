import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the lifts list and search is filled by issue 5.
export function LiftsRoute() {
  const { t } = useTranslation('lifts');
  return (
    <PageContainer>
      <PageTitle title={t('list.title')} />
    </PageContainer>
  );
}
