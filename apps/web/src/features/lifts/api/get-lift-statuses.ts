import { queryOptions } from '@tanstack/react-query';
import { liftStatusesResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Refreshed like the dashboard's current view (spec §9: every 60 s). */
const refreshMs = 60_000;

/** GET /liftwacht/lift/{id}/statuses: the statuses the user's role may see, yes/no with since. */
export const liftStatusesQueryOptions = (liftId: number) =>
  queryOptions({
    queryKey: ['lifts', 'statuses', liftId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${liftId}/statuses`, {
        schema: liftStatusesResponseSchema,
        signal,
      });
      return response.data;
    },
    refetchInterval: refreshMs,
    staleTime: refreshMs,
  });
