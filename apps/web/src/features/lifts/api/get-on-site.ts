import { queryOptions } from '@tanstack/react-query';
import { liftOnSiteResponseSchema } from '@liftwacht/contracts/lift-on-site';
import { apiRequest } from '../../../lib/api-client.ts';

/** Like the current statuses (every 60 s); the organisation's pushes refetch it sooner. */
const refreshMs = 60_000;

/** GET /liftwacht/lift/{id}/on-site: the lift's state, faults, open call, last events and visits, what is due. */
export const onSiteQueryOptions = (liftId: number) =>
  queryOptions({
    queryKey: ['lifts', 'on-site', liftId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${liftId}/on-site`, { schema: liftOnSiteResponseSchema, signal });
      return response.data;
    },
    refetchInterval: refreshMs,
    staleTime: refreshMs,
  });
