import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the subscriptions (Meldingen) page is filled by issue 6.
export function SubscriptionsRoute() {
  const { t } = useTranslation('subscriptions');
  return (
    <PageContainer>
      <PageTitle title={t('title')} />
    </PageContainer>
  );
}
