import { queryOptions } from '@tanstack/react-query';
import { liftResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

/** One lift's details; served by the spec's "next" API host. */
export const liftQueryOptions = (liftId: string) =>
  queryOptions({
    queryKey: ['lifts', 'detail', liftId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${encodeURIComponent(liftId)}`, {
        schema: liftResponseSchema,
        signal,
        host: 'next',
      });
      return response.data;
    },
  });
