import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Whether the module holds its connection now (the flag ingest keeps). */
export function ConnectedChip({ connected }: { connected: boolean }) {
  const { t } = useTranslation('sense-modules');
  // Filled success green and a plain grey chip both keep 4.5:1 text contrast (axe).
  return connected ? (
    <Chip size="small" color="success" label={t('connection.connected')} />
  ) : (
    <Chip size="small" label={t('connection.disconnected')} />
  );
}
