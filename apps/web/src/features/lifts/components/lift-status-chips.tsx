import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { LiftStatus } from '@liftwacht/contracts/dashboard';

/** A lift's current statuses at a glance in the list; nothing to report reads as a dash. */
export function LiftStatusChips({ statuses }: { statuses: readonly LiftStatus[] }) {
  const { t } = useTranslation('lifts');
  if (statuses.length === 0) return <>{t('details.notSet')}</>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {statuses.map((status) => (
        <Chip key={status} size="small" color="error" variant="outlined" label={t(`statuses.${status}`)} />
      ))}
    </Box>
  );
}
