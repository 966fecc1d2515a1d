import { queryOptions } from '@tanstack/react-query';
import { liftListResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

const pickerSize = 20;

/**
 * The lift picker's options. Without a search text: lifts without a module (the advanced search's
 * hasModule), where a new module usually goes. With one: every lift the search finds, so a lift
 * that already holds a module is shown (and refused in the picker) rather than silently missing.
 */
export const moduleLiftSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['lifts', 'module-picker', search],
    queryFn: async ({ signal }) => {
      const text = search.trim();
      const query = { limit: pickerSize, sort: 'name', direction: 'asc' } as const;
      const response =
        text === ''
          ? await apiRequest('POST', '/lift', {
              schema: liftListResponseSchema,
              signal,
              query,
              body: { hasModule: false },
            })
          : await apiRequest('GET', '/lift', {
              schema: liftListResponseSchema,
              signal,
              query: { ...query, search: text },
            });
      return response.data.items;
    },
    staleTime: 30_000,
  });
