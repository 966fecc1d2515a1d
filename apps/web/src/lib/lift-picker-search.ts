import { queryOptions } from '@tanstack/react-query';
import { liftListResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from './api-client.ts';

/** GET /liftwacht/lift with a search text: the lift picker's options (first 20 matches). */
export const liftSearchQueryOptions = (organisationId: number | null, search: string) =>
  queryOptions({
    queryKey: ['lifts', 'picker-search', organisationId, search],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/lift', {
        schema: liftListResponseSchema,
        signal,
        query: { organisationId: organisationId ?? undefined, search: search.trim() || undefined, limit: 20 },
      });
      return response.data.items;
    },
    staleTime: 60_000,
  });
