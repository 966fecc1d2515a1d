import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { moduleListResponseSchema } from '@liftwacht/contracts/sense-modules';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ModuleListState } from '../lib/module-list-params.ts';
import { modulesKey } from './module-keys.ts';

/** GET /liftwacht/admin/modules: one page of the modules table. */
export const modulesQueryOptions = (state: ModuleListState) =>
  queryOptions({
    queryKey: [...modulesKey, 'list', state],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/admin/modules', {
        schema: moduleListResponseSchema,
        signal,
        query: {
          search: state.search || undefined,
          organisationId: state.organisationId ?? undefined,
          linked: state.linked ?? undefined,
          sort: state.sort,
          direction: state.direction,
          limit: state.rows,
          offset: state.page * state.rows,
        },
      });
      return response.data;
    },
    // Paging or sorting keeps the old rows visible instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
