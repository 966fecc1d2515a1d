import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { liftImportLimits, type UnknownColumn } from '@liftwacht/contracts/lift-spreadsheets';
import { fieldLabel } from '../lib/field-label.ts';

interface ImportUnknownColumnsProps {
  columns: readonly UnknownColumn[];
  /** The headers the user chose to leave out. */
  ignored: ReadonlySet<string>;
  onIgnore: (header: string, ignore: boolean) => void;
  disabled: boolean;
}

/**
 * The headers that match no column, each with the known column it most likely meant and a box to
 * leave it out: the import waits until every one is ticked (the server checks it too). The first
 * `listedUnknownColumns` are listed one by one; the rest (a file can have up to 200) are counted,
 * with one box that leaves them all out.
 */
export function ImportUnknownColumns({ columns, ignored, onIgnore, disabled }: ImportUnknownColumnsProps) {
  const { t } = useTranslation('lift-spreadsheets');
  if (columns.length === 0) return null;
  const listed = columns.slice(0, liftImportLimits.listedUnknownColumns);
  const rest = columns.slice(liftImportLimits.listedUnknownColumns);
  const restIgnored = rest.every((column) => ignored.has(column.header));
  return (
    <Alert severity="warning" component="section" aria-label={t('import.preview.unknownColumnsLabel')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('import.preview.unknownColumns')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {listed.map((column) => (
          <Box
            component="li"
            key={`${column.position}`}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <FormControlLabel
              sx={{ minHeight: 44, mr: 1 }}
              control={
                <Checkbox
                  checked={ignored.has(column.header)}
                  disabled={disabled}
                  onChange={(event) => onIgnore(column.header, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('import.preview.ignoreColumn', { header: column.header }) } }}
                />
              }
              label={t('import.preview.ignore')}
            />
            <span>
              {column.reason === 'duplicate' && column.suggestion
                ? t('import.preview.duplicateColumn', {
                    position: column.position,
                    header: column.header,
                    label: fieldLabel(column.suggestion.column, t),
                  })
                : t('import.preview.unknownColumn', { position: column.position, header: column.header })}{' '}
              {column.reason === 'duplicate'
                ? null
                : column.suggestion
                  ? t('import.preview.suggestion', {
                      label: column.suggestion.label,
                      field: fieldLabel(column.suggestion.column, t),
                    })
                  : t('import.preview.noSuggestion')}
            </span>
          </Box>
        ))}
      </Box>
      {rest.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <FormControlLabel
            sx={{ minHeight: 44, mr: 1 }}
            control={
              <Checkbox
                checked={restIgnored}
                disabled={disabled}
                onChange={(event) => {
                  for (const column of rest) onIgnore(column.header, event.target.checked);
                }}
                slotProps={{ input: { 'aria-label': t('import.preview.ignoreMoreLabel', { count: rest.length }) } }}
              />
            }
            label={t('import.preview.ignoreMore', { count: rest.length })}
          />
          <span>{t('import.preview.moreUnknownColumns', { count: rest.length })}</span>
        </Box>
      ) : null}
    </Alert>
  );
}
