import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentCall } from '@liftwacht/contracts/calls';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { EntryList, OneLine, oneLine } from '../../../components/list-entries.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import { exportCurrentCalls } from '../api/export-calls.ts';
import { currentCallsQueryOptions } from '../api/get-current-calls.ts';
import { useNow } from '../hooks/use-now.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { parseRouteId } from '../../../lib/route-id.ts';
import { runningSecondsAt } from '../lib/running-seconds.ts';
import { CallEntry } from './call-entry.tsx';
import { LazyCallHandlingDialog } from './lazy-call-handling-dialog.tsx';
import { LiftCell } from '../../../components/lift-cell.tsx';
import { liftLabel } from '../lib/lift-label.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

const selectOrganisationId = (state: SessionState) => state.organisationId;

export function CurrentCallsPage() {
  const { t } = useTranslation('calls');
  const allowed = usePermission('calls.current');
  const organisationId = useSession(selectOrganisationId);
  // The call being handled lives in the URL, so a link (mail, event page) opens it and Back closes it.
  const [searchParams, setSearchParams] = useSearchParams();
  const handling = parseRouteId(searchParams.get('call') ?? '');
  return (
    <PageContainer>
      <PageTitle title={t('currentCalls.title')} />
      {!allowed ? (
        <Typography role="status">{t('noAccess')}</Typography>
      ) : organisationId === null ? (
        <Typography role="status">{t('noOrganisation')}</Typography>
      ) : (
        <CurrentCallsList
          organisationId={organisationId}
          onHandle={(callId) => setSearchParams({ call: String(callId) })}
        />
      )}
      {allowed && handling !== null ? (
        <LazyCallHandlingDialog
          callId={handling}
          organisationId={organisationId}
          onClose={() => setSearchParams({}, { replace: true })}
        />
      ) : null}
    </PageContainer>
  );
}

function CurrentCallsList({
  organisationId,
  onHandle,
}: {
  organisationId: number;
  onHandle: (callId: number) => void;
}) {
  const query = useQuery(currentCallsQueryOptions(organisationId));
  // A new or changed call is pushed by the server; the 10 s poll stays as the fallback.
  useRefetchOnOrganisationChange(organisationId, [currentCallsQueryOptions(organisationId).queryKey], ['calls']);
  return (
    <QueryState query={query} level="page">
      {({ items }) => (
        <CurrentCalls
          calls={items}
          updatedAt={query.dataUpdatedAt}
          organisationId={organisationId}
          onHandle={onHandle}
        />
      )}
    </QueryState>
  );
}

function CurrentCalls({
  calls,
  updatedAt,
  organisationId,
  onHandle,
}: {
  calls: readonly CurrentCall[];
  /** When the list was fetched: the running times count on from it. */
  updatedAt: number;
  organisationId: number;
  onHandle: (callId: number) => void;
}) {
  const { t, i18n } = useTranslation('calls');
  const formatDuration = useFormatDuration();
  const now = useNow();
  const phone = usePhoneLayout();

  if (calls.length === 0)
    return (
      <Typography role="status" sx={{ py: 3 }}>
        {t('currentCalls.empty')}
      </Typography>
    );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('currentCalls.refreshNote')}
      </Typography>
      <ExportMenu onExport={(format, language) => exportCurrentCalls(organisationId, format, language)} />
      {phone ? (
        // On a phone one entry per call, the handle button a full-width tap: no sideways scrolling.
        <EntryList label={t('currentCalls.tableLabel')} outlined>
          {calls.map((call) => (
            <CallEntry
              key={call.id}
              call={call}
              details={
                <>
                  <OneLine component="time">
                    {formatDuration(runningSecondsAt(call.runningSeconds, updatedAt, now))}
                  </OneLine>
                  {' · '}
                  {call.assignee?.name ?? t('notSet')}
                </>
              }
            >
              <Button
                fullWidth
                variant={call.status === 'received' ? 'contained' : 'outlined'}
                onClick={() => onHandle(call.id)}
                aria-label={t('handling.handleCall', { lift: liftLabel(call.lift) })}
                sx={{ minHeight: 44, mt: 1 }}
              >
                {t('handling.handle')}
              </Button>
            </CallEntry>
          ))}
        </EntryList>
      ) : (
        <ScrollableTable label={t('currentCalls.tableLabel')} outlined>
          <Table size="small" aria-label={t('currentCalls.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.lift')}</TableCell>
                <TableCell>{t('fields.receivedAt')}</TableCell>
                <TableCell>{t('fields.acknowledgedAt')}</TableCell>
                <TableCell>{t('fields.kind')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                <TableCell>{t('fields.running')}</TableCell>
                <TableCell>{t('fields.assignee')}</TableCell>
                <TableCell>{t('fields.action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {calls.map((call) => (
                <TableRow key={call.id}>
                  <TableCell>
                    <LiftCell lift={call.lift} />
                  </TableCell>
                  <TableCell sx={oneLine}>{formatDateTimeWithSeconds(call.startedAt, i18n.language)}</TableCell>
                  <TableCell sx={oneLine}>{formatDateTimeWithSeconds(call.acknowledgedAt, i18n.language)}</TableCell>
                  <TableCell>{t(`kinds.${call.kind}`)}</TableCell>
                  <TableCell>{t(`statuses.${call.status}`)}</TableCell>
                  <TableCell sx={oneLine}>
                    <time>{formatDuration(runningSecondsAt(call.runningSeconds, updatedAt, now))}</time>
                  </TableCell>
                  <TableCell>{call.assignee?.name ?? t('notSet')}</TableCell>
                  <TableCell>
                    <Button
                      variant={call.status === 'received' ? 'contained' : 'outlined'}
                      onClick={() => onHandle(call.id)}
                      aria-label={t('handling.handleCall', { lift: liftLabel(call.lift) })}
                      sx={{ minHeight: 44 }}
                    >
                      {t('handling.handle')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </>
  );
}
