import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container.tsx';
import { PageTitle } from '../../components/page-title.tsx';

// Placeholder: the alarm calls list is filled by issue 6.
export function AlarmCallsRoute() {
  const { t } = useTranslation('calls');
  return (
    <PageContainer>
      <PageTitle title={t('alarmCalls.title')} />
    </PageContainer>
  );
}
