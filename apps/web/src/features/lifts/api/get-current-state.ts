import { queryOptions } from '@tanstack/react-query';
import { currentStateResponseSchema, type LiftStatus } from '@liftwacht/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §9: the current view refreshes every 60 s. */
const refreshMs = 60_000;

/** GET /liftwacht/current-state: the current statuses of every lift of the organisation, by lift id. */
export const currentStatusesQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['lifts', 'current-state', organisationId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/current-state', {
        schema: currentStateResponseSchema,
        query: { organisationId },
        signal,
      });
      return new Map<number, LiftStatus[]>(
        response.data.items.map((item) => [item.liftId, item.statuses.map((entry) => entry.status)]),
      );
    },
    refetchInterval: refreshMs,
    staleTime: refreshMs,
  });
