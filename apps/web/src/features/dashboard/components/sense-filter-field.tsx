import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input.tsx';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/** The senseNotConnected list's filter; its text is kept in the session (senseNotConnectedFilter). */
export function SenseFilterField() {
  const { t } = useTranslation('dashboard');
  const filter = useSession((state) => state.senseNotConnectedFilter);
  return (
    <TextInput
      label={t('statsDetails.filter')}
      name="senseNotConnectedFilter"
      value={filter}
      onChange={(value) => sessionActions.setSenseNotConnectedFilter(value)}
    />
  );
}
