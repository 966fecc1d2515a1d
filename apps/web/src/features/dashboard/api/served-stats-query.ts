import { queryOptions } from '@tanstack/react-query';
import { servedStatsResponseSchema } from '@liftwacht/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentRefreshMs } from './stats-query.ts';

/**
 * GET /liftwacht/stats/served: the lift count and the two always-shown figures over every lift the
 * caller's company serves (a mechanic picks no organisation). Refreshed like the current view.
 */
export const servedStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'served'] as const,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/stats/served', { schema: servedStatsResponseSchema, signal });
      return response.data;
    },
    refetchInterval: currentRefreshMs,
    staleTime: 0,
  });
