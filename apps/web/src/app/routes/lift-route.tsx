import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the lift detail page is filled by issue 5.
export function LiftRoute() {
  const { t } = useTranslation('lifts');
  const { liftId = '' } = useParams();
  return (
    <PageContainer>
      <PageTitle title={t('detail.title', { id: liftId })} />
    </PageContainer>
  );
}
