import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@liftwacht/contracts/calls';
import type { EventSort, LiftEvent } from '@liftwacht/contracts/events';
import { paths } from '../../../app/paths.ts';
import { SortableHeaderCell } from '../../../components/sortable-header-cell.tsx';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';

interface EventsTableProps {
  events: LiftEvent[];
  sort: EventSort;
  order: SortOrder;
  onSort: (sort: EventSort) => void;
}

const columns: {
  field: EventSort | null;
  labelKey:
    | 'fields.type'
    | 'fields.lift'
    | 'fields.floor'
    | 'fields.startedAt'
    | 'fields.endedAt'
    | 'fields.duration'
    | 'fields.status';
}[] = [
  { field: 'type', labelKey: 'fields.type' },
  { field: 'lift', labelKey: 'fields.lift' },
  { field: null, labelKey: 'fields.floor' },
  { field: 'startedAt', labelKey: 'fields.startedAt' },
  { field: 'endedAt', labelKey: 'fields.endedAt' },
  { field: 'duration', labelKey: 'fields.duration' },
  { field: null, labelKey: 'fields.status' },
];

export function EventsTable({ events, sort, order, onSort }: EventsTableProps) {
  const { t, i18n } = useTranslation('events');
  const formatDuration = useFormatDuration();
  return (
    <Table size="small" aria-label={t('list.tableLabel')}>
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
        {events.map((event) => (
          <TableRow key={event.id} hover>
            <TableCell>
              <Link component={RouterLink} to={paths.event(event.id)}>
                {t(`types.${event.type}`)}
              </Link>
            </TableCell>
            <TableCell>{event.lift.name}</TableCell>
            <TableCell>{event.floor ?? t('notSet')}</TableCell>
            <TableCell>{formatDateTimeWithSeconds(event.startedAt, i18n.language)}</TableCell>
            <TableCell>{formatDateTimeWithSeconds(event.endedAt, i18n.language)}</TableCell>
            <TableCell>{formatDuration(event.durationSeconds)}</TableCell>
            <TableCell>{event.closed ? t('status.closed') : t('status.open')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
