import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@liftwacht/contracts/calls';
import type { EventSort } from '@liftwacht/contracts/events';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { NewRowsNotice } from '../../../components/new-rows-notice.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { exportEvents } from '../api/export-events.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { useEventFilters } from '../hooks/use-event-filters.ts';
import { useLiveEvents } from '../hooks/use-live-events.ts';
import { activeFilterCount, type EventFilters } from '../lib/event-filters.ts';
import { EventFiltersDialog } from './event-filters-dialog.tsx';
import { EventsTable } from './events-table.tsx';

const selectOrganisationId = (state: SessionState) => state.organisationId;
const rowsPerPageOptions = [25, 50, 100];

export function EventsPage() {
  const { t } = useTranslation('events');
  const allowed = usePermission('events.view');
  const organisationId = useSession(selectOrganisationId);
  return (
    <PageContainer>
      <PageTitle title={t('list.title')} />
      {!allowed ? (
        <Typography role="status">{t('noAccess')}</Typography>
      ) : organisationId === null ? (
        <Typography role="status">{t('noOrganisation')}</Typography>
      ) : (
        <EventsList organisationId={organisationId} />
      )}
    </PageContainer>
  );
}

function EventsList({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('events');
  const [filters, setFilters] = useEventFilters();
  const [sort, setSort] = useState<EventSort>('startedAt');
  const [order, setOrder] = useState<SortOrder>('desc');
  const paging = usePaging(25);
  const [dialogOpen, setDialogOpen] = useState(false);
  const live = useLiveEvents({ organisationId, filters, sort, order, limit: paging.rows, offset: paging.offset });
  const { query } = live;
  const count = activeFilterCount(filters);

  // Any change of what is listed starts again at the first page.
  const changeFilters = (next: EventFilters) => {
    setFilters(next);
    paging.setPage(0);
  };
  const changeSort = (field: EventSort) => {
    setOrder(field === sort && order === 'desc' ? 'asc' : 'desc');
    setSort(field);
    paging.setPage(0);
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Badge badgeContent={count} color="primary">
          <Button
            variant="outlined"
            onClick={() => setDialogOpen(true)}
            aria-label={t('filters.buttonLabel', { count })}
          >
            {t('filters.button')}
          </Button>
        </Badge>
        <FormControlLabel
          control={
            <Switch
              checked={filters.showClosed}
              onChange={(event) => changeFilters({ ...filters, showClosed: event.target.checked })}
            />
          }
          label={t('list.showClosed')}
        />
        <ExportMenu
          onExport={(format, language) => exportEvents({ organisationId, filters, sort, order }, format, language)}
        />
      </Box>
      {dialogOpen ? (
        <EventFiltersDialog
          organisationId={organisationId}
          filters={filters}
          onClose={() => setDialogOpen(false)}
          onApply={(next) => {
            changeFilters(next);
            setDialogOpen(false);
          }}
        />
      ) : null}
      <NewRowsNotice
        count={live.newCount}
        label={t('list.newEvents', { count: live.newCount })}
        onShow={() => {
          live.showNew();
          paging.setPage(0);
        }}
      />
      <PagedResults
        query={query}
        label={t('list.tableLabel')}
        emptyText={t('list.empty')}
        paging={paging}
        rowsPerPageOptions={rowsPerPageOptions}
      >
        {(data) => <EventsTable events={live.rows ?? data.items} sort={sort} order={order} onSort={changeSort} />}
      </PagedResults>
    </>
  );
}
