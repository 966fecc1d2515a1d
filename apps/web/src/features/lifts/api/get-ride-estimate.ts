import { queryOptions } from '@tanstack/react-query';
import { rideEstimateResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /liftwacht/lift/{id}/ride-estimate: rides per year. */
export const rideEstimateQueryOptions = (liftId: number) =>
  queryOptions({
    queryKey: ['lifts', 'ride-estimate', liftId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${liftId}/ride-estimate`, {
        schema: rideEstimateResponseSchema,
        signal,
      });
      return response.data;
    },
  });
