import Chip, { type ChipProps } from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ImportAction, ImportRow } from '@liftwacht/contracts/lift-spreadsheets';
import { fieldLabel } from '../lib/field-label.ts';

/** Outlined colours keep the chip text at 4.5:1 on white. */
const actionColours: Record<ImportAction, ChipProps['color']> = {
  create: 'success',
  update: 'primary',
  unchanged: 'default',
  error: 'error',
};

function RowDetails({ row }: { row: ImportRow }) {
  const { t } = useTranslation('lift-spreadsheets');
  if (row.problems.length > 0) {
    return (
      <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
        {row.problems.map((problem, index) => (
          <li key={`${problem.field}-${index}`}>
            {t('import.preview.problem', {
              field: fieldLabel(problem.field, t),
              problem: t(`import.problems.${problem.code}`),
            })}
            {problem.value !== null && problem.value !== '' ? (
              <> {t('import.preview.value', { value: problem.value })}</>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  const records =
    row.records.length > 0
      ? t('import.preview.records', {
          records: row.records.map((record) => t(`import.preview.recordNames.${record}`)).join(', '),
        })
      : null;
  if (row.changes.length > 0) {
    return (
      <>
        {t('import.preview.changes', { fields: row.changes.map((field) => fieldLabel(field, t)).join(', ') })}
        {records ? <div>{records}</div> : null}
      </>
    );
  }
  return records;
}

/** One page of the preview: row number, what happens, the lift's name, and what changes or is wrong. */
export function ImportRowsTable({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation('lift-spreadsheets');
  return (
    <Table size="small" aria-label={t('import.preview.tableLabel')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('import.preview.row')}</TableCell>
          <TableCell>{t('import.preview.action')}</TableCell>
          <TableCell>{t('import.preview.name')}</TableCell>
          <TableCell>{t('import.preview.details')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row}>
            <TableCell>{row.row}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                color={actionColours[row.action]}
                label={t(`import.actions.${row.action}`)}
              />
            </TableCell>
            <TableCell>{row.name ?? t('import.preview.noName')}</TableCell>
            <TableCell>
              <RowDetails row={row} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
