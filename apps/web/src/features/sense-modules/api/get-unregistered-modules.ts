import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { unregisteredModuleListResponseSchema } from '@liftwacht/contracts/sense-modules';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ModuleListState } from '../lib/module-list-params.ts';
import { modulesKey } from './module-keys.ts';

/** GET /liftwacht/admin/unregistered-modules: ES numbers heard from but not registered, newest first. */
export const unregisteredModulesQueryOptions = ({ search, page, rows }: ModuleListState) =>
  queryOptions({
    queryKey: [...modulesKey, 'unregistered', { search, page, rows }],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/admin/unregistered-modules', {
        schema: unregisteredModuleListResponseSchema,
        signal,
        // The contract takes 64 characters here (an ES number), the URL's search up to 200.
        query: { search: search.slice(0, 64) || undefined, limit: rows, offset: page * rows },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
