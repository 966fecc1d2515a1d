import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { Link as RouterLink } from 'react-router';
import type { EventDetail } from '@liftwacht/contracts/events';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { paths } from '../../../app/paths.ts';

export function EventRelatedCalls({ calls }: { calls: EventDetail['calls'] }) {
  const { t, i18n } = useTranslation('events');
  const formatDuration = useFormatDuration();
  return (
    <section aria-labelledby="event-calls-title">
      <Typography id="event-calls-title" variant="h6" component="h3" sx={{ mt: 3 }}>
        {t('detail.calls')}
      </Typography>
      {calls.items.length === 0 ? (
        <Typography>{t('detail.noCalls')}</Typography>
      ) : (
        // A phone scrolls the table inside its own named box, never the page.
        <ScrollableTable label={t('detail.calls')}>
          <Table size="small" aria-labelledby="event-calls-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.startedAt')}</TableCell>
                <TableCell>{t('fields.endedAt')}</TableCell>
                <TableCell>{t('fields.duration')}</TableCell>
                <TableCell>{t('fields.kind')}</TableCell>
                <TableCell>{t('detail.callLifecycle')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {calls.items.map((call) => (
                <TableRow key={call.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTimeWithSeconds(call.startedAt, i18n.language)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTimeWithSeconds(call.endedAt, i18n.language)}
                  </TableCell>
                  <TableCell>{formatDuration(call.durationSeconds)}</TableCell>
                  <TableCell>{t(`callKinds.${call.kind}`)}</TableCell>
                  <TableCell>
                    {/* The call's console: its lifecycle, and the actions while it runs. */}
                    <Link
                      component={RouterLink}
                      to={`${paths.currentCalls}?call=${String(call.id)}`}
                      sx={{ display: 'inline-block', py: 1.5 }}
                    >
                      {call.endedAt === null ? t('detail.handleCall') : t('detail.showCall')}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
      {calls.total > calls.items.length ? (
        <Typography variant="caption">{t('detail.more', { shown: calls.items.length, total: calls.total })}</Typography>
      ) : null}
    </section>
  );
}
