import { queryOptions } from '@tanstack/react-query';
import { eventDetailResponseSchema } from '@liftwacht/contracts/events';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /liftwacht/events/{id}: the event with the calls and visits that overlap it. */
export const eventQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: ['events', 'detail', eventId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/events/${eventId}`, { schema: eventDetailResponseSchema, signal });
      return response.data;
    },
  });
