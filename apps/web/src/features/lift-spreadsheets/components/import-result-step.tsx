import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LiftImportResult } from '@liftwacht/contracts/lift-spreadsheets';
import { paths } from '../../../app/paths.ts';

/** Step 3: what the import did, and where to find the lifts. */
export function ImportResultStep({ result, onAgain }: { result: LiftImportResult; onAgain: () => void }) {
  const { t } = useTranslation('lift-spreadsheets');
  return (
    <>
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        <strong>{t('import.result.title')}</strong> {t('import.result.summary', result)}{' '}
        {result.inspections + result.visits > 0 ? t('import.result.records', result) : null}
      </Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button component={RouterLink} to={paths.lifts} variant="contained" sx={{ minHeight: 44 }}>
          {t('import.result.toList')}
        </Button>
        <Button variant="outlined" onClick={onAgain} sx={{ minHeight: 44 }}>
          {t('import.result.another')}
        </Button>
      </Box>
    </>
  );
}
