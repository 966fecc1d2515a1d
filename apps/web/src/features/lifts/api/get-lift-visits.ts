import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { liftVisitsResponseSchema } from '@liftwacht/contracts/visits';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /liftwacht/lift/{id}/visits, newest first. */
export const liftVisitsQueryOptions = (liftId: number, limit: number, offset: number) =>
  queryOptions({
    queryKey: ['lifts', 'visits', liftId, { limit, offset }],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${liftId}/visits`, {
        schema: liftVisitsResponseSchema,
        signal,
        query: { limit, offset },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });

/** The lift's visits in progress (the visit recorder's open visits). */
export const openVisitsQueryOptions = (liftId: number) =>
  queryOptions({
    queryKey: ['lifts', 'visits', liftId, 'open'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${liftId}/visits`, {
        schema: liftVisitsResponseSchema,
        signal,
        query: { limit: 20, offset: 0, state: 'progress' },
      });
      return response.data.items;
    },
  });
