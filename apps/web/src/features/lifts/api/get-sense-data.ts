import { queryOptions } from '@tanstack/react-query';
import { senseDataResponseSchema } from '@liftwacht/contracts/sense';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /liftwacht/lift/{id}/sense-data: the latest reading of every module field. */
export const senseDataQueryOptions = (liftId: number) =>
  queryOptions({
    queryKey: ['lifts', 'sense-data', liftId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${liftId}/sense-data`, {
        schema: senseDataResponseSchema,
        signal,
      });
      return response.data;
    },
  });
