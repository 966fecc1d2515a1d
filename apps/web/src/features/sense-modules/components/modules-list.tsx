import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { nextDirection, rowsPerPageOptions } from '../../../lib/list-params.ts';
import { urlPaging } from '../../../lib/url-paging.ts';
import type { UpdateList } from '../../../lib/use-url-list-state.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { modulesQueryOptions } from '../api/get-modules.ts';
import { useSeesEveryOrganisation } from '../hooks/use-sees-every-organisation.ts';
import { linkedFilters, type LinkedFilter, type ModuleListState, type ModuleSort } from '../lib/module-list-params.ts';
import { ModulesTable } from './modules-table.tsx';
import { TableTargets } from './table-targets.tsx';

interface ModulesListProps {
  state: ModuleListState;
  update: UpdateList<ModuleListState>;
  onRegister: () => void;
}

/** The registered modules: search, link and organisation filters, sorting and paging in the URL. */
export function ModulesList({ state: urlState, update, onRegister }: ModulesListProps) {
  const { t } = useTranslation('sense-modules');
  const everyOrganisation = useSeesEveryOrganisation();
  const organisations = useSession((session) => session.organisationList);
  // The organisation filter is the system-admin's; another role's list is its own scope anyway.
  const state = everyOrganisation ? urlState : { ...urlState, organisationId: null };
  const query = useQuery(modulesQueryOptions(state));
  const search = useCallback((text: string) => update({ search: text, page: 0 }, { replace: true }), [update]);
  const sortBy = (field: ModuleSort) =>
    update({ sort: field, direction: nextDirection(field, state.sort, state.direction), page: 0 });

  return (
    <>
      <ListToolbar>
        <SearchField label={t('filters.searchLabel')} value={state.search} onSearch={search} />
        <SelectField
          label={t('filters.linked')}
          value={state.linked ?? ''}
          emptyLabel={t('filters.linkedAll')}
          options={linkedFilters.map((value) => ({ value, label: t(`filters.linkedOptions.${value}`) }))}
          onChange={(linked) => update({ linked: linked === '' ? null : (linked as LinkedFilter), page: 0 })}
        />
        {everyOrganisation ? (
          <SelectField
            label={t('filters.organisation')}
            value={state.organisationId === null ? '' : String(state.organisationId)}
            emptyLabel={t('filters.allOrganisations')}
            options={organisations.map((organisation) => ({
              value: String(organisation.id),
              label: organisation.name,
            }))}
            onChange={(id) => update({ organisationId: id === '' ? null : Number(id), page: 0 })}
          />
        ) : null}
        <Button variant="contained" sx={{ minHeight: 44 }} onClick={onRegister}>
          {t('list.register')}
        </Button>
      </ListToolbar>
      {query.data && query.data.total > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('list.total', { count: query.data.total })}
        </Typography>
      ) : null}
      <TableTargets>
        <PagedResults
          query={query}
          label={t('list.tableLabel')}
          emptyText={t('list.empty')}
          paging={urlPaging(state, update)}
          rowsPerPageOptions={rowsPerPageOptions}
        >
          {(data) => (
            <ModulesTable
              modules={data.items}
              showOrganisation={everyOrganisation}
              sort={state.sort}
              direction={state.direction}
              onSort={sortBy}
            />
          )}
        </PagedResults>
      </TableTargets>
    </>
  );
}
