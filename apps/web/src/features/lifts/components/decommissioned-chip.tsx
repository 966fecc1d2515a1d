import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../lib/format-date-time.ts';

/** "Uit dienst sinds …" for a decommissioned lift; nothing for a lift in service. */
export function DecommissionedChip({ since, size = 'small' }: { since: string | null; size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation('lifts');
  if (since === null) return null;
  return <Chip size={size} label={t('manage.decommissionedSince', { date: formatIsoDate(since, i18n.language) })} />;
}
