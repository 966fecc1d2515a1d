import { queryOptions } from '@tanstack/react-query';
import { myVisitsResponseSchema } from '@liftwacht/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /liftwacht/visits/mine: the lift count of an organisation for someone who may not list its
 * lifts (a monteur), and the lifts that person is working on. Under 'dashboard', so a recorded
 * visit (record-visit.ts) refetches it.
 */
export const myVisitsQueryOptions = (organisationId: number | undefined) =>
  queryOptions({
    queryKey: ['dashboard', 'my-visits', organisationId ?? 'served'] as const,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/visits/mine', {
        schema: myVisitsResponseSchema,
        // Without one: every organisation the caller's company serves (the mechanic's dashboard).
        query: organisationId === undefined ? {} : { organisationId },
        signal,
      });
      return response.data;
    },
  });
