import { queryOptions } from '@tanstack/react-query';
import { liftListResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The Overview's lift count: the lift list with limit 1 and offset 0, read for its total (spec §7). */
export const liftCountQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'lift-count', organisationId] as const,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/lift', {
        schema: liftListResponseSchema,
        query: { limit: 1, offset: 0, organisationId },
        signal,
      });
      return response.data.total;
    },
    // Whether the dashboard asks its figures at all hangs on this count: read it fresh on every
    // visit (a lift may have been added or imported since), it is one row.
    staleTime: 0,
  });
