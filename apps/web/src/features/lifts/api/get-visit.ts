import { queryOptions } from '@tanstack/react-query';
import { visitResponseSchema } from '@liftwacht/contracts/visits';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /liftwacht/visits/{visitId}: the visit page. */
export const visitQueryOptions = (visitId: number) =>
  queryOptions({
    queryKey: ['lifts', 'visit', visitId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/visits/${visitId}`, { schema: visitResponseSchema, signal });
      return response.data;
    },
  });
