import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { LogbookEntry } from '@liftwacht/contracts/lifts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { OneLine, oneLine } from '../../../components/list-entries.tsx';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { TwoLineList } from './two-line-list.tsx';

interface LogbookTableProps {
  entries: readonly LogbookEntry[];
  label: string;
  /** Offered on the lines `editable` accepts (its author's, for 24 hours). */
  onEdit?: (entry: LogbookEntry) => void;
  editable?: (entry: LogbookEntry) => boolean;
}

/**
 * Logbook entries with the log-type labels; shared by the lift and visit pages. A table, or on a
 * phone two-line rows that never scroll sideways or cut a description (issue 41).
 */
export function LogbookTable({ entries, label, onEdit, editable }: LogbookTableProps) {
  const { t, i18n } = useTranslation('lifts');
  const narrow = usePhoneLayout();
  // Only a page with a correctable line gets the column: a wider table scrolls sideways on a phone.
  const showActions = onEdit !== undefined && editable !== undefined && entries.some(editable);
  const editButton = (entry: LogbookEntry) =>
    onEdit !== undefined && editable?.(entry) ? (
      <Button
        onClick={() => onEdit(entry)}
        sx={{ minHeight: 44, flexShrink: 0 }}
        aria-label={t('logbook.editLabel', { text: entry.text })}
      >
        {t('logbook.edit')}
      </Button>
    ) : null;
  if (narrow) {
    // On a phone: when and what kind on the first line, the whole text below it, never cut.
    return (
      <TwoLineList
        label={label}
        items={entries.map((entry) => ({
          key: entry.id,
          primary: (
            <>
              <OneLine>{formatDateTime(entry.at, i18n.language)}</OneLine>
              {` · ${t(`logbook.types.${entry.logType}`)}`}
            </>
          ),
          secondary: <Box sx={{ whiteSpace: 'pre-line' }}>{entry.text}</Box>,
          action: editButton(entry),
        }))}
      />
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t('logbook.at')}</TableCell>
          <TableCell>{t('logbook.type')}</TableCell>
          <TableCell>{t('logbook.text')}</TableCell>
          {showActions ? <TableCell>{t('logbook.actions')}</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell sx={oneLine}>{formatDateTime(entry.at, i18n.language)}</TableCell>
            <TableCell sx={oneLine}>{t(`logbook.types.${entry.logType}`)}</TableCell>
            <TableCell>{entry.text}</TableCell>
            {showActions ? <TableCell>{editButton(entry)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
