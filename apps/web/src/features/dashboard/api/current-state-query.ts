import { queryOptions } from '@tanstack/react-query';
import { currentStateResponseSchema } from '@liftwacht/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentRefreshMs } from './stats-query.ts';

/** Every lift's current statuses (GET /current-state); refreshed like the current view's figures. */
export const currentStateQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'current-state', organisationId] as const,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/current-state', {
        schema: currentStateResponseSchema,
        query: { organisationId },
        signal,
      });
      return response.data.items;
    },
    refetchInterval: currentRefreshMs,
    staleTime: currentRefreshMs,
  });
