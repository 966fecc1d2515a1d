import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the events list (filters, closed toggle, unavailability) is filled by issue 6.
export function EventsRoute() {
  const { t } = useTranslation('events');
  return (
    <PageContainer>
      <PageTitle title={t('list.title')} />
    </PageContainer>
  );
}
