import { queryOptions } from '@tanstack/react-query';
import { currentStateResponseSchema } from '@liftwacht/contracts/dashboard';
import { apiRequest } from './api-client.ts';

/** Spec §9: the current view refreshes every 60 s. */
const currentRefreshMs = 60_000;

/**
 * Every lift's current statuses (GET /current-state), refreshed like the current view's figures.
 * One cache entry for the dashboard's lift cards and the lift list's status column.
 */
export const currentStateQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['current-state', organisationId] as const,
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
