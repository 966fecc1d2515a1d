import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useOrganisationPermission } from '../../../lib/use-organisation-permission.ts';
import { LiftExportMenu, type ExportedList } from './lift-export-menu.tsx';

/** The lifts list's spreadsheet actions: export for everyone who sees the list, import for administrators. */
export function LiftSpreadsheetActions({ list }: { list: ExportedList }) {
  const { t } = useTranslation('lift-spreadsheets');
  const mayImport = useOrganisationPermission('lifts.manage');
  return (
    <>
      <LiftExportMenu list={list} />
      {mayImport ? (
        <Button component={RouterLink} to={paths.liftImport} variant="outlined" sx={{ minHeight: 44 }}>
          {t('import.open')}
        </Button>
      ) : null}
    </>
  );
}
