import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentStateItem, LiftStatus } from '@liftwacht/contracts/dashboard';
import { toast } from 'sonner';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { log } from '../../../lib/log.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { currentStateQueryOptions } from '../../../lib/current-state-query.ts';
import { liftsQueryOptions } from '../api/get-lifts.ts';
import { liftSearchQueryOptions } from '../api/search-lifts.ts';
import type { UpdateListState } from '../hooks/use-lift-list-state.ts';
import { criteriaCount } from '../lib/advanced-criteria.ts';
import { rowsPerPageOptions, type LiftListState } from '../lib/lift-list-params.ts';
import { LiftsTable } from './lifts-table.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/** The status column's lookup: each lift's current statuses by lift id. */
function statusesByLift(items: readonly CurrentStateItem[]): Map<number, LiftStatus[]> {
  return new Map(items.map((item) => [item.liftId, item.statuses.map((entry) => entry.status)]));
}

interface LiftResultsProps {
  state: LiftListState;
  organisationId: number | null;
  update: UpdateListState;
}

/** One page of lifts: from the free-text list, or from the advanced search when it is active. */
export function LiftResults({ state, organisationId, update }: LiftResultsProps) {
  const { t } = useTranslation('lifts');
  const { t: tc } = useTranslation();
  const page = {
    organisationId,
    sort: state.sort,
    direction: state.direction,
    limit: state.rows,
    offset: state.page * state.rows,
  };
  const advanced = state.advanced;
  // Spec §5: empty criteria give an empty result without asking the server.
  const noCriteria = advanced !== null && criteriaCount(advanced) === 0;
  const listQuery = useQuery({ ...liftsQueryOptions({ ...page, search: state.search }), enabled: advanced === null });
  const searchQuery = useQuery({
    ...liftSearchQueryOptions({ ...page, criteria: advanced ?? {} }),
    enabled: advanced !== null && !noCriteria,
  });
  const query = advanced === null ? listQuery : searchQuery;
  // The dashboard's current state marks each listed lift; only for roles with a dashboard.
  // Asked once the page holds lifts: an organisation without lifts sends no /current-state request.
  const canSeeStatuses = usePermission('dashboard.view') && organisationId !== null;
  const statusesQuery = useQuery({
    ...currentStateQueryOptions(organisationId ?? 0),
    enabled: canSeeStatuses && (query.data?.total ?? 0) > 0,
    select: statusesByLift,
  });

  // Spec §8: a failed advanced search is also reported as a toast.
  const searchFailedAt = advanced !== null && searchQuery.isError ? searchQuery.errorUpdatedAt : 0;
  useEffect(() => {
    if (searchFailedAt === 0) return;
    log.warn('advanced lift search failed');
    toast.error(t('list.fetchError'), { id: 'lift-search-error' });
  }, [searchFailedAt, t]);

  if (noCriteria) {
    return (
      <Typography role="status" sx={{ py: 3 }}>
        {t('list.empty')}
      </Typography>
    );
  }

  const changeSort = (sort: LiftListState['sort']) =>
    update({ sort, direction: sort === state.sort && state.direction === 'asc' ? 'desc' : 'asc', page: 0 });

  return (
    <>
      {query.isFetching ? <LinearProgress aria-label={tc('loading')} /> : null}
      {query.isError ? (
        <ErrorPanel
          title={advanced === null ? tc('errors.page.title') : t('list.fetchError')}
          message={apiErrorMessage(query.error, tc)}
          actionLabel={tc('errors.page.action')}
          onAction={() => void query.refetch()}
        />
      ) : query.data ? (
        query.data.total === 0 ? (
          <Typography role="status" sx={{ py: 3 }}>
            {t('list.empty')}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
              {t('list.total', { count: query.data.total })}
            </Typography>
            <Paper variant="outlined">
              <ScrollableTable label={t('list.tableLabel')}>
                <LiftsTable
                  lifts={query.data.items}
                  statuses={canSeeStatuses ? statusesQuery.data : undefined}
                  sort={state.sort}
                  direction={state.direction}
                  onSort={changeSort}
                />
              </ScrollableTable>
              <TablePager
                total={query.data.total}
                page={state.page}
                rows={state.rows}
                rowsPerPageOptions={rowsPerPageOptions}
                onPage={(next) => update({ page: next })}
                onRows={(rows) => update({ rows, page: 0 })}
              />
            </Paper>
          </>
        )
      ) : null}
    </>
  );
}
