import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrganisation } from '@liftwacht/contracts/administration';
import { organisationTypes } from '@liftwacht/contracts/organisations';
import { PagedResults } from '../../../components/paged-results.tsx';
import { adminOrganisationsQueryOptions } from '../api/get-admin-organisations.ts';
import { useUrlListState } from '../../../lib/use-url-list-state.ts';
import { nextDirection, rowsPerPageOptions } from '../../../lib/list-params.ts';
import {
  parseOrganisationList,
  writeOrganisationList,
  type OrganisationSort,
  type OrganisationType,
} from '../lib/organisation-list-params.ts';
import { touchTargets } from '../../../components/touch-targets.ts';
import { urlPaging } from '../../../lib/url-paging.ts';
import { AdminPage } from './admin-page.tsx';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { OrganisationDialog } from './organisation-dialog.tsx';
import { OrganisationsTable } from './organisations-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';

const codec = { parse: parseOrganisationList, write: writeOrganisationList };

/** /admin/organisations (system-admin): every organisation, created and edited here. */
export function OrganisationsPage() {
  const { t } = useTranslation('administration');
  return (
    <AdminPage title={t('organisations.title')} permission="organisations.manage">
      <OrganisationsList />
    </AdminPage>
  );
}

/** The dialog open: a new organisation (null) or the one being edited. */
type Editing = { organisation: AdminOrganisation | null } | null;

function OrganisationsList() {
  const { t } = useTranslation('administration');
  const [state, update] = useUrlListState(codec);
  const query = useQuery(adminOrganisationsQueryOptions(state));
  const [editing, setEditing] = useState<Editing>(null);
  const search = useCallback((text: string) => update({ search: text, page: 0 }, { replace: true }), [update]);
  const sortBy = (field: OrganisationSort) =>
    update({ sort: field, direction: nextDirection(field, state.sort, state.direction), page: 0 });

  return (
    <>
      <ListToolbar>
        <SearchField label={t('organisations.searchLabel')} value={state.search} onSearch={search} />
        <SelectField
          label={t('organisations.typeFilter')}
          value={state.type ?? ''}
          emptyLabel={t('filters.all')}
          options={organisationTypes.map((type) => ({ value: type, label: t(`organisationTypes.${type}`) }))}
          onChange={(type) => update({ type: type === '' ? null : (type as OrganisationType), page: 0 })}
        />
        <Button variant="contained" sx={{ minHeight: 44 }} onClick={() => setEditing({ organisation: null })}>
          {t('organisations.create')}
        </Button>
      </ListToolbar>
      {query.data && query.data.total > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('organisations.total', { count: query.data.total })}
        </Typography>
      ) : null}
      <Box sx={touchTargets}>
        <PagedResults
          query={query}
          label={t('organisations.tableLabel')}
          emptyText={t('organisations.empty')}
          paging={urlPaging(state, update)}
          rowsPerPageOptions={rowsPerPageOptions}
        >
          {(data) => (
            <OrganisationsTable
              organisations={data.items}
              sort={state.sort}
              direction={state.direction}
              onSort={sortBy}
              onEdit={(organisation) => setEditing({ organisation })}
            />
          )}
        </PagedResults>
      </Box>
      {editing ? <OrganisationDialog organisation={editing.organisation} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
