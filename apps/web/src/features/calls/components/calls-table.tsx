import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import type { Call, CallSort, SortOrder } from '@liftwacht/contracts/calls';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { formatDuration } from '../../../lib/format-clock-duration.ts';

type ColumnKey =
  | 'fields.lift'
  | 'fields.receivedAt'
  | 'fields.acknowledgedAt'
  | 'fields.endedAt'
  | 'fields.duration'
  | 'fields.kind'
  | 'fields.status';

const columns: { field: CallSort | null; labelKey: ColumnKey }[] = [
  { field: 'lift', labelKey: 'fields.lift' },
  { field: 'startedAt', labelKey: 'fields.receivedAt' },
  { field: null, labelKey: 'fields.acknowledgedAt' },
  { field: null, labelKey: 'fields.endedAt' },
  { field: 'duration', labelKey: 'fields.duration' },
  { field: 'kind', labelKey: 'fields.kind' },
  { field: null, labelKey: 'fields.status' },
];

interface CallsTableProps {
  calls: Call[];
  sort: CallSort;
  order: SortOrder;
  onSort: (sort: CallSort) => void;
}

export function CallsTable({ calls, sort, order, onSort }: CallsTableProps) {
  const { t, i18n } = useTranslation('calls');
  return (
    <Table size="small" aria-label={t('alarmCalls.tableLabel')}>
      <TableHead>
        <TableRow>
          {columns.map(({ field, labelKey }) => (
            <TableCell key={labelKey} sortDirection={field !== null && field === sort ? order : false}>
              {field === null ? (
                t(labelKey)
              ) : (
                <TableSortLabel
                  active={field === sort}
                  direction={field === sort ? order : 'asc'}
                  onClick={() => onSort(field)}
                >
                  {t(labelKey)}
                </TableSortLabel>
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {calls.map((call) => (
          <TableRow key={call.id} hover>
            <TableCell>{call.lift.name}</TableCell>
            <TableCell>{formatDateTimeWithSeconds(call.startedAt, i18n.language)}</TableCell>
            <TableCell>{formatDateTimeWithSeconds(call.acknowledgedAt, i18n.language)}</TableCell>
            <TableCell>{formatDateTimeWithSeconds(call.endedAt, i18n.language)}</TableCell>
            <TableCell>{formatDuration(call.durationSeconds)}</TableCell>
            <TableCell>{t(`kinds.${call.kind}`)}</TableCell>
            <TableCell>{t(`statuses.${call.status}`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
