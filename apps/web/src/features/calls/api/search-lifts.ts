import { queryOptions } from '@tanstack/react-query';
import { liftListResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /liftwacht/lift with a search text: the lift picker's options (first 20 matches). */
export const liftSearchQueryOptions = (organisationId: number, search: string) =>
  queryOptions({
    queryKey: ['calls', 'lift-search', organisationId, search],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/lift', {
        schema: liftListResponseSchema,
        signal,
        query: { organisationId, search: search.trim() || undefined, limit: 20 },
      });
      return response.data.items;
    },
    staleTime: 60_000,
  });
