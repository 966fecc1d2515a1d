import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiftImportPreview, LiftImportResult } from '@liftwacht/contracts/lift-spreadsheets';
import { FormError } from '../../../components/form-error.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { useApplyLiftImport } from '../api/lift-imports.ts';
import { applyProblem } from '../lib/import-problems.ts';
import { pageOf, previewRowsPerPage, visibleRows } from '../lib/import-rows.ts';
import { ImportCounts } from './import-counts.tsx';
import { ImportRowsTable } from './import-rows-table.tsx';
import { ImportUnknownColumns } from './import-unknown-columns.tsx';
import { fieldLabel } from '../lib/field-label.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

interface ImportPreviewStepProps {
  preview: LiftImportPreview;
  onApplied: (result: LiftImportResult) => void;
  onAgain: () => void;
}

/**
 * Step 2: what the file will do, row by row; applying waits until no row has an error and every
 * unknown column is ignored.
 */
export function ImportPreviewStep({ preview, onApplied, onAgain }: ImportPreviewStepProps) {
  const { t } = useTranslation('lift-spreadsheets');
  const { t: tc } = useTranslation();
  const applyImport = useApplyLiftImport();
  const [ignored, setIgnored] = useState<ReadonlySet<string>>(new Set());
  const apply = useAsyncAction(async () =>
    onApplied(
      await applyImport(preview.id, {
        ignoreColumns: [...new Set(preview.unknownColumns.map((c) => c.header))].filter((h) => ignored.has(h)),
      }),
    ),
  );
  const [onlyErrors, setOnlyErrors] = useState(preview.counts.error > 0);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(previewRowsPerPage[0]);
  const rows = useMemo(() => visibleRows(preview.rows, onlyErrors), [preview.rows, onlyErrors]);
  const { counts } = preview;
  const hasErrors = counts.error > 0;
  const nothingToDo = counts.create + counts.update + counts.inspections + counts.visits === 0;
  const applied = preview.appliedAt !== null;
  const unacknowledged = preview.unknownColumns.some((column) => !ignored.has(column.header));
  const ignore = (header: string, on: boolean) =>
    setIgnored((current) => {
      const next = new Set(current);
      if (on) next.add(header);
      else next.delete(header);
      return next;
    });

  return (
    <Stack spacing={2}>
      <Typography>{t('import.preview.file', { name: preview.fileName })}</Typography>
      <ImportCounts counts={counts} />
      <ImportUnknownColumns
        columns={preview.unknownColumns}
        ignored={ignored}
        onIgnore={ignore}
        disabled={applied || apply.isPending}
      />
      {preview.readOnlyColumns.length > 0 ? (
        <Alert severity="info">
          {t('import.preview.readOnlyColumns', {
            columns: preview.readOnlyColumns.map((column) => fieldLabel(column, t)).join(', '),
          })}
        </Alert>
      ) : null}
      {hasErrors ? <Alert severity="error">{t('import.preview.hasErrors', { count: counts.error })}</Alert> : null}
      {applied ? <Alert severity="info">{t('import.preview.applied')}</Alert> : null}
      {!hasErrors && !applied && nothingToDo ? <Alert severity="info">{t('import.preview.nothingToDo')}</Alert> : null}
      <FormControlLabel
        control={
          <Switch
            checked={onlyErrors}
            onChange={(event) => {
              setOnlyErrors(event.target.checked);
              setPage(0);
            }}
          />
        }
        label={t('import.preview.onlyErrors')}
        sx={{ minHeight: 44, alignSelf: 'flex-start' }}
      />
      {rows.length === 0 ? (
        <Typography role="status">{t('import.preview.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <ScrollableTable label={t('import.preview.tableLabel')}>
            <ImportRowsTable rows={pageOf(rows, page, size)} />
          </ScrollableTable>
          <TablePager
            total={rows.length}
            page={page}
            rows={size}
            rowsPerPageOptions={previewRowsPerPage}
            onPage={setPage}
            onRows={(next) => {
              setSize(next);
              setPage(0);
            }}
          />
        </Paper>
      )}
      <FormError message={apply.error ? applyProblem(apply.error, t, tc) : null} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button
          variant="contained"
          disabled={hasErrors || applied || nothingToDo || unacknowledged || apply.isPending}
          startIcon={apply.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
          onClick={() => void apply.run()}
          sx={{ minHeight: 44 }}
        >
          {apply.isPending ? t('import.preview.applying') : t('import.preview.apply')}
        </Button>
        <Button variant="outlined" onClick={onAgain} sx={{ minHeight: 44 }}>
          {t('import.preview.again')}
        </Button>
      </Box>
    </Stack>
  );
}
