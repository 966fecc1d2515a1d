import { queryOptions } from '@tanstack/react-query';
import { defaultEndHour, defaultStartHour, statsResponseSchema } from '@liftwacht/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError, isCancelled } from '../../../lib/api-error.ts';
import { log } from '../../../lib/log.ts';

/** Spec §9: the current view refreshes every minute. */
export const currentRefreshMs = 60_000;

/** Spec §8: a 404 is the no-lifts message; every other stats error is only logged. */
function logStatsError(error: unknown): void {
  // The API client logs cancellations itself.
  if (isCancelled(error) || (isApiError(error) && error.status === 404)) return;
  log.warn('loading the dashboard figures failed', error);
}

/** No from/to asks the current view; from/to the period view (spec §7 GET /stats). */
export type StatsRequest = { organisationId: number; liftId?: number } & (
  { view: 'current' } | { view: 'period'; from: string; to: string }
);

/**
 * The key holds every parameter, so a change of organisation, view or dates is a new query: it
 * fetches, and the old one's request is aborted through TanStack's signal if still running.
 * Equal keys share one request (spec §4 "Dashboard refetch").
 */
export const statsQueryOptions = (request: StatsRequest) =>
  queryOptions({
    queryKey: ['dashboard', 'stats', request] as const,
    queryFn: async ({ signal }) => {
      const period = request.view === 'period' ? { from: request.from, to: request.to } : {};
      const response = await apiRequest('GET', '/stats', {
        schema: statsResponseSchema,
        query: {
          organisationId: request.organisationId,
          ...period,
          startHour: defaultStartHour,
          endHour: defaultEndHour,
          liftId: request.liftId,
        },
        signal,
      }).catch((error: unknown) => {
        logStatsError(error);
        throw error;
      });
      return response.data;
    },
    refetchInterval: request.view === 'current' ? currentRefreshMs : false,
    // Spec §4 asks for a refetch on every change of organisation, view or start date, also back to
    // figures still in the cache: they show at once and are refreshed (overrides §9's 5 minutes).
    staleTime: 0,
  });
