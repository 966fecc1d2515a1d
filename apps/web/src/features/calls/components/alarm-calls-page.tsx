import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallKind, CallSort, SortOrder } from '@liftwacht/contracts/calls';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { NewRowsNotice } from '../../../components/new-rows-notice.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { getSessionState, type SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { exportCalls } from '../api/export-calls.ts';
import { useLiveCalls } from '../hooks/use-live-calls.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { CallTotals } from './call-totals.tsx';
import { CallsTable } from './calls-table.tsx';
import { LiftPicker, type LiftChoice } from '../../../components/lift-picker.tsx';
import { dateRangeProblems, hasDateRangeProblem } from '../../../lib/date-range-problems.ts';

const selectOrganisationId = (state: SessionState) => state.organisationId;
const rowsPerPageOptions = [25, 50, 100];
const periodMessages = {
  order: 'filters.periodInvalid',
  range: 'filters.periodRange',
  tooLong: 'filters.periodTooLong',
} as const;

export function AlarmCallsPage() {
  const { t } = useTranslation('calls');
  const allowed = usePermission('calls.view');
  const organisationId = useSession(selectOrganisationId);
  return (
    <PageContainer>
      <PageTitle title={t('alarmCalls.title')} />
      {!allowed ? (
        <Typography role="status">{t('noAccess')}</Typography>
      ) : organisationId === null ? (
        <Typography role="status">{t('noOrganisation')}</Typography>
      ) : (
        <AlarmCallsList organisationId={organisationId} />
      )}
    </PageContainer>
  );
}

function AlarmCallsList({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('calls');
  // Starts from the shell's date range (spec §3; the current month when none is stored); changing
  // it here narrows this list only and leaves the dashboard's period alone.
  const [from, setFrom] = useState(() => getSessionState().startDate);
  const [to, setTo] = useState(() => getSessionState().endDate);
  const [kinds, setKinds] = useState<CallKind[]>([]);
  const [lifts, setLifts] = useState<LiftChoice[]>([]);
  const [sort, setSort] = useState<CallSort>('startedAt');
  const [order, setOrder] = useState<SortOrder>('desc');
  const paging = usePaging(25);
  // The server refuses days outside 1900–2199 and periods over ten years; say so instead of asking.
  const period = dateRangeProblems(from, to);
  const live = useLiveCalls(
    {
      organisationId,
      from,
      to,
      kinds,
      liftIds: lifts.map((lift) => lift.id),
      sort,
      order,
      limit: paging.rows,
      offset: paging.offset,
    },
    from !== '' && to !== '' && !hasDateRangeProblem(period),
  );
  const { query } = live;

  const toggleKind = (kind: CallKind) => {
    setKinds((current) => (current.includes(kind) ? current.filter((k) => k !== kind) : [...current, kind]));
    paging.setPage(0);
  };
  const changeSort = (field: CallSort) => {
    setOrder(field === sort && order === 'desc' ? 'asc' : 'desc');
    setSort(field);
    paging.setPage(0);
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
        <TextField
          type="date"
          size="small"
          label={t('filters.from')}
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            paging.setPage(0);
          }}
          error={period.from !== null}
          helperText={period.from === 'range' ? t('filters.periodRange') : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('filters.to')}
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
            paging.setPage(0);
          }}
          error={period.to !== null}
          helperText={period.to === null ? undefined : t(periodMessages[period.to])}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ minWidth: 280, flex: 1 }}>
          <LiftPicker
            organisationId={organisationId}
            label={t('filters.lifts')}
            value={lifts}
            onChange={(next) => {
              setLifts(next);
              paging.setPage(0);
            }}
          />
        </Box>
        <ExportMenu
          onExport={(format, language) =>
            exportCalls(
              { organisationId, from, to, kinds, liftIds: lifts.map((lift) => lift.id), sort, order },
              format,
              language,
            )
          }
        />
      </Box>
      {query.data ? (
        <Box sx={{ mb: 2 }}>
          <CallTotals totals={query.data.totals} selected={kinds} onToggle={toggleKind} />
        </Box>
      ) : null}
      <NewRowsNotice
        count={live.newCount}
        label={t('alarmCalls.newCalls', { count: live.newCount })}
        onShow={() => {
          live.showNew();
          paging.setPage(0);
        }}
      />
      <PagedResults
        query={query}
        label={t('alarmCalls.tableLabel')}
        emptyText={t('alarmCalls.empty')}
        paging={paging}
        rowsPerPageOptions={rowsPerPageOptions}
      >
        {(data) => <CallsTable calls={live.rows ?? data.items} sort={sort} order={order} onSort={changeSort} />}
      </PagedResults>
    </>
  );
}
