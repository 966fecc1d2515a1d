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
import { LiftCell } from '../../../components/lift-cell.tsx';
import { Entry, EntryDetails, EntryList, OneLine, oneLine } from '../../../components/list-entries.tsx';
import { SortableHeaderCell } from '../../../components/sortable-header-cell.tsx';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';

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

/** The events of one page: a table, or on a phone one two-line entry per event (no sideways scrolling). */
export function EventsTable(props: EventsTableProps) {
  return usePhoneLayout() ? <EventEntries events={props.events} /> : <EventRows {...props} />;
}

function EventRows({ events, sort, order, onSort }: EventsTableProps) {
  const { t, i18n } = useTranslation('events');
  const duration = useFormatDuration();
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
            <TableCell>
              <LiftCell lift={event.lift} />
            </TableCell>
            <TableCell>{event.floor ?? t('notSet')}</TableCell>
            <TableCell sx={oneLine}>{formatDateTimeWithSeconds(event.startedAt, i18n.language)}</TableCell>
            <TableCell sx={oneLine}>{formatDateTimeWithSeconds(event.endedAt, i18n.language)}</TableCell>
            <TableCell sx={oneLine}>{duration(event.durationSeconds)}</TableCell>
            <TableCell>{event.closed ? t('status.closed') : t('status.open')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EventEntries({ events }: { events: LiftEvent[] }) {
  const { t, i18n } = useTranslation('events');
  const duration = useFormatDuration();
  return (
    <EntryList label={t('list.tableLabel')}>
      {events.map((event) => (
        <Entry
          key={event.id}
          title={
            <Link
              component={RouterLink}
              to={paths.event(event.id)}
              sx={{ fontWeight: 500, minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
            >
              {t(`types.${event.type}`)}
            </Link>
          }
          status={event.closed ? t('status.closed') : t('status.open')}
        >
          <LiftCell lift={event.lift} inline />
          <EntryDetails>
            <OneLine>{formatDateTimeWithSeconds(event.startedAt, i18n.language)}</OneLine>
            {' · '}
            <OneLine>{duration(event.durationSeconds)}</OneLine>
            {event.floor === null ? null : <OneLine>{` · ${t('entry.floor', { floor: event.floor })}`}</OneLine>}
          </EntryDetails>
        </Entry>
      ))}
    </EntryList>
  );
}
