import Alert from '@mui/material/Alert';
import { Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { socketRefusals } from '../lib/socket-refusals.ts';

/**
 * While the server refuses a socket of this browser with too_many_sockets (the user has the most
 * sockets open that one person may, counted over every tab and device), every page says why live
 * data is missing and what to do, instead of the sockets trying again every second.
 */
export function TooManySocketsNotice() {
  const refused = useSyncExternalStore(socketRefusals.subscribe, socketRefusals.tooManySockets);
  if (!refused) return null;
  // Its texts load only when needed, and never hold up the page around it.
  return (
    <Suspense fallback={null}>
      <Notice />
    </Suspense>
  );
}

function Notice() {
  const { t } = useTranslation('realtime');
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
      {t('tooManySockets')}
    </Alert>
  );
}
