import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatRelativeTime } from '../lib/relative-time.ts';

/** "5 minuten geleden" with the exact time under it: quick to scan, exact when it matters. */
export function LastSeen({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation('sense-modules');
  // The moment the page was drawn: the list is refetched often enough not to need a ticking clock.
  const [now] = useState(() => Date.now());
  if (at === null) return <>{t('lastSeen.never')}</>;
  return (
    <Box component="time" dateTime={at} sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{formatRelativeTime(at, now, i18n.language)}</span>
      <Box component="span" sx={{ color: 'text.secondary', typography: 'caption' }}>
        {formatDateTime(at, i18n.language)}
      </Box>
    </Box>
  );
}
