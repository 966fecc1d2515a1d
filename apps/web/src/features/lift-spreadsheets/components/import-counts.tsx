import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { LiftImportPreview } from '@liftwacht/contracts/lift-spreadsheets';

const order = ['rows', 'create', 'update', 'unchanged', 'error', 'inspections', 'visits'] as const;

/** The preview's totals, above its rows. */
export function ImportCounts({ counts }: { counts: LiftImportPreview['counts'] }) {
  const { t } = useTranslation('lift-spreadsheets');
  return (
    <Box
      component="ul"
      aria-label={t('import.preview.countsLabel')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {order.map((key) => (
        <li key={key}>
          <Chip
            variant="outlined"
            color={key === 'error' && counts.error > 0 ? 'error' : 'default'}
            label={t(`import.preview.counts.${key}`, { count: counts[key] })}
          />
        </li>
      ))}
    </Box>
  );
}
