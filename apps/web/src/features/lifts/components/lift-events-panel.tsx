import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { liftEventsQueryOptions } from '../api/get-lift-events.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { Entry, EntryDetails, EntryList, OneLine, oneLine } from '../../../components/list-entries.tsx';
import { DetailSection } from './detail-section.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePaging } from '../../../lib/use-paging.ts';

const rowsPerPageOptions = [10, 25, 50];

/** The lift's events, open and closed, newest first; each opens the event page. */
export function LiftEventsPanel({ liftId, organisationId }: { liftId: number; organisationId: number }) {
  const { t, i18n } = useTranslation('lifts');
  // Event type labels belong to the events texts; one list of labels, not a copy per page.
  const { t: te } = useTranslation('events');
  const formatDuration = useFormatDuration();
  const paging = usePaging(10);
  const query = useQuery(liftEventsQueryOptions({ liftId, organisationId, limit: paging.rows, offset: paging.offset }));
  // On a phone one entry per event instead of a table that scrolls sideways.
  const phone = usePhoneLayout();

  return (
    <DetailSection title={t('events.title')}>
      <QueryState query={query}>
        {(data) => (
          <PagedTable
            total={data.total}
            label={t('events.tableLabel')}
            emptyText={t('events.empty')}
            paging={paging}
            rowsPerPageOptions={rowsPerPageOptions}
          >
            {phone ? (
              <EntryList label={t('events.tableLabel')}>
                {data.items.map((event) => (
                  <Entry
                    key={event.id}
                    inset={false}
                    title={
                      <Link
                        component={RouterLink}
                        to={paths.event(event.id)}
                        sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
                      >
                        {te(`types.${event.type}`)}
                      </Link>
                    }
                    status={event.closed ? t('events.closed') : t('events.open')}
                  >
                    <EntryDetails>
                      <OneLine>{formatDateTime(event.startedAt, i18n.language)}</OneLine>
                      {' · '}
                      <OneLine>{formatDuration(event.durationSeconds)}</OneLine>
                      {event.floor === null ? null : ` · ${t('events.floor')} ${String(event.floor)}`}
                    </EntryDetails>
                  </Entry>
                ))}
              </EntryList>
            ) : (
              <Table size="small" aria-label={t('events.tableLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('events.type')}</TableCell>
                    <TableCell>{t('events.floor')}</TableCell>
                    <TableCell>{t('events.startedAt')}</TableCell>
                    <TableCell>{t('events.endedAt')}</TableCell>
                    <TableCell>{t('events.duration')}</TableCell>
                    <TableCell>{t('events.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((event) => (
                    <TableRow key={event.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={paths.event(event.id)}>
                          {te(`types.${event.type}`)}
                        </Link>
                      </TableCell>
                      <TableCell>{event.floor ?? t('details.notSet')}</TableCell>
                      <TableCell sx={oneLine}>{formatDateTime(event.startedAt, i18n.language)}</TableCell>
                      <TableCell sx={oneLine}>
                        {formatDateTime(event.endedAt, i18n.language, t('events.ongoing'))}
                      </TableCell>
                      <TableCell>{formatDuration(event.durationSeconds)}</TableCell>
                      <TableCell>{event.closed ? t('events.closed') : t('events.open')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </PagedTable>
        )}
      </QueryState>
    </DetailSection>
  );
}
