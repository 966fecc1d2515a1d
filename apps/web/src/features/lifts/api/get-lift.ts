import { queryOptions } from '@tanstack/react-query';
import { liftResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';
import { parseRouteId } from '../../../lib/route-id.ts';

/** One lift's details; served by the spec's "next" API host. An id the URL cannot hold ("abc") is never asked for. */
export const liftQueryOptions = (liftId: string) =>
  queryOptions({
    queryKey: ['lifts', 'detail', liftId],
    enabled: parseRouteId(liftId) !== null,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${encodeURIComponent(liftId)}`, {
        schema: liftResponseSchema,
        signal,
        host: 'next',
      });
      return response.data;
    },
  });
