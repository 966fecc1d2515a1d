import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Call, CallSort, SortOrder } from '@liftwacht/contracts/calls';
import { SortableHeaderCell } from '../../../components/sortable-header-cell.tsx';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { LiftCell } from './lift-cell.tsx';

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

// A date and time is one reading: it never breaks over lines, the column widens instead.
const oneLine = { whiteSpace: 'nowrap' } as const;

interface CallsTableProps {
  calls: Call[];
  sort: CallSort;
  order: SortOrder;
  onSort: (sort: CallSort) => void;
}

/** The calls of one page: a table, or on a phone one short entry per call (no sideways scrolling). */
export function CallsTable(props: CallsTableProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <CallEntries calls={props.calls} /> : <CallRows {...props} />;
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
  const { t, i18n } = useTranslation('calls');
  const duration = useFormatDuration();
  return (
    <Box component="ul" aria-label={t('alarmCalls.tableLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {calls.map((call) => (
        <Box
          component="li"
          key={call.id}
          sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
            <Typography sx={{ fontWeight: 500 }}>{t(`kinds.${call.kind}`)}</Typography>
            <Typography variant="body2" sx={oneLine}>
              {t(`statuses.${call.status}`)}
            </Typography>
          </Box>
          <LiftCell lift={call.lift} inline />
          <Typography variant="body2" color="text.secondary">
            <Box component="span" sx={oneLine}>
              {formatDateTimeWithSeconds(call.startedAt, i18n.language)}
            </Box>
            {' · '}
            <Box component="span" sx={oneLine}>
              {duration(call.durationSeconds)}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
