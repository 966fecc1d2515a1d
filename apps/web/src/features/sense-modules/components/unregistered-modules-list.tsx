import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { rowsPerPageOptions } from '../../../lib/list-params.ts';
import { urlPaging } from '../../../lib/url-paging.ts';
import type { UpdateList } from '../../../lib/use-url-list-state.ts';
import { unregisteredModulesQueryOptions } from '../api/get-unregistered-modules.ts';
import type { ModuleListState } from '../lib/module-list-params.ts';
import { TableTargets } from './table-targets.tsx';
import { UnregisteredModulesTable } from './unregistered-modules-table.tsx';

interface UnregisteredModulesListProps {
  state: ModuleListState;
  update: UpdateList<ModuleListState>;
  onRegister: (esNumber: string) => void;
}

/** ES numbers ingest refused because nobody registered them, to be claimed here. */
export function UnregisteredModulesList({ state, update, onRegister }: UnregisteredModulesListProps) {
  const { t } = useTranslation('sense-modules');
  const query = useQuery(unregisteredModulesQueryOptions(state));
  const search = useCallback((text: string) => update({ search: text, page: 0 }, { replace: true }), [update]);
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('unregistered.intro')}</Typography>
      <ListToolbar>
        <SearchField label={t('filters.unregisteredSearchLabel')} value={state.search} onSearch={search} />
      </ListToolbar>
      {query.data && query.data.total > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('unregistered.total', { count: query.data.total })}
        </Typography>
      ) : null}
      <TableTargets>
        <PagedResults
          query={query}
          label={t('unregistered.tableLabel')}
          emptyText={t('unregistered.empty')}
          paging={urlPaging(state, update)}
          rowsPerPageOptions={rowsPerPageOptions}
        >
          {(data) => <UnregisteredModulesTable modules={data.items} onRegister={onRegister} />}
        </PagedResults>
      </TableTargets>
    </>
  );
}
