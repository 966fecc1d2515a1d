import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the single event page is filled by issue 6.
export function EventRoute() {
  const { t } = useTranslation('events');
  const { eventId = '' } = useParams();
  return (
    <PageContainer>
      <PageTitle title={t('detail.title', { id: eventId })} />
    </PageContainer>
  );
}
