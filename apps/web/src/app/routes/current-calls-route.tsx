import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the current calls list is filled by issue 6.
export function CurrentCallsRoute() {
  const { t } = useTranslation('calls');
  return (
    <PageContainer>
      <PageTitle title={t('currentCalls.title')} />
    </PageContainer>
  );
}
