import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { Call, CallSort, SortOrder } from '@liftwacht/contracts/calls';
import { EntryList, OneLine, oneLine } from '../../../components/list-entries.tsx';
import { SortableHeaderCell } from '../../../components/sortable-header-cell.tsx';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { CallEntry } from './call-entry.tsx';
import { LiftCell } from '../../../components/lift-cell.tsx';

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

/** The calls of one page: a table, or on a phone one short entry per call (no sideways scrolling). */
export function CallsTable(props: CallsTableProps) {
  return usePhoneLayout() ? <CallEntries calls={props.calls} /> : <CallRows {...props} />;
}

function CallRows({ calls, sort, order, onSort }: CallsTableProps) {
  const { t, i18n } = useTranslation('calls');
  const duration = useFormatDuration();
  return (
    <Table size="small" aria-label={t('alarmCalls.tableLabel')}>
      <TableHead>
        <TableRow>
          {columns.map(({ field, labelKey }) => (
            <SortableHeaderCell key={labelKey} field={field} sort={sort} direction={order} onSort={onSort}>
              {t(labelKey)}
            </SortableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {calls.map((call) => (
          <TableRow key={call.id} hover>
            <TableCell>
              <LiftCell lift={call.lift} />
            </TableCell>
            <TableCell sx={oneLine}>{formatDateTimeWithSeconds(call.startedAt, i18n.language)}</TableCell>
            <TableCell sx={oneLine}>{formatDateTimeWithSeconds(call.acknowledgedAt, i18n.language)}</TableCell>
            <TableCell sx={oneLine}>{formatDateTimeWithSeconds(call.endedAt, i18n.language)}</TableCell>
            <TableCell sx={oneLine}>{duration(call.durationSeconds)}</TableCell>
            <TableCell>{t(`kinds.${call.kind}`)}</TableCell>
            <TableCell>{t(`statuses.${call.status}`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function CallEntries({ calls }: { calls: Call[] }) {
  const { t } = useTranslation('calls');
  const duration = useFormatDuration();
  return (
    <EntryList label={t('alarmCalls.tableLabel')}>
      {calls.map((call) => (
        <CallEntry key={call.id} call={call} details={<OneLine>{duration(call.durationSeconds)}</OneLine>} />
      ))}
    </EntryList>
  );
}
