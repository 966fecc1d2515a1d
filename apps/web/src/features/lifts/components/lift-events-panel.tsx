import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { liftEventsQueryOptions } from '../api/get-lift-events.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { DetailSection } from './detail-section.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePaging } from '../../../lib/use-paging.ts';

const rowsPerPageOptions = [10, 25, 50];
// A date and time is one reading: it never breaks over lines.
const oneLine = { whiteSpace: 'nowrap' } as const;

/** The lift's events, open and closed, newest first; each opens the event page. */
export function LiftEventsPanel({ liftId, organisationId }: { liftId: number; organisationId: number }) {
  const { t, i18n } = useTranslation('lifts');
  // Event type labels belong to the events texts; one list of labels, not a copy per page.
  const { t: te } = useTranslation('events');
  const formatDuration = useFormatDuration();
  const paging = usePaging(10);
  const query = useQuery(liftEventsQueryOptions({ liftId, organisationId, limit: paging.rows, offset: paging.offset }));
  // On a phone one entry per event instead of a table that scrolls sideways.
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

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
              <Box component="ul" aria-label={t('events.tableLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {data.items.map((event) => (
                  <Box component="li" key={event.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
                      <Link
                        component={RouterLink}
                        to={paths.event(event.id)}
                        sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
                      >
                        {te(`types.${event.type}`)}
                      </Link>
                      <Typography variant="body2" sx={oneLine}>
                        {event.closed ? t('events.closed') : t('events.open')}
                      </Typography>
                    </Box>
                    <Typography variant="body2" color="text.secondary">
                      <Box component="span" sx={oneLine}>
                        {formatDateTime(event.startedAt, i18n.language)}
                      </Box>
                      {' · '}
                      <Box component="span" sx={oneLine}>
                        {formatDuration(event.durationSeconds)}
                      </Box>
                      {event.floor === null ? null : ` · ${t('events.floor')} ${String(event.floor)}`}
                    </Typography>
                  </Box>
                ))}
              </Box>
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
