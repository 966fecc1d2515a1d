import { queryOptions } from '@tanstack/react-query';
import { currentCallsResponseSchema } from '@liftwacht/contracts/calls';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often the current calls are fetched again: a running call must not look stale. */
export const currentCallsRefetchMs = 10_000;

export const currentCallsQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['calls', 'current', organisationId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/calls/current', {
        schema: currentCallsResponseSchema,
        signal,
        query: { organisationId, limit: 1000 },
      });
      return response.data;
    },
    refetchInterval: currentCallsRefetchMs,
    // Polling is the point of this page; the app-wide 5-minute staleness would hide new calls.
    staleTime: 0,
  });
