import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { eventListResponseSchema } from '@liftwacht/contracts/events';
import { apiRequest } from '../../../lib/api-client.ts';

export interface LiftEventsParams {
  liftId: number;
  organisationId: number;
  limit: number;
  offset: number;
}

/** GET /liftwacht/events for one lift, open and closed, newest first: the lift's event history. */
export const liftEventsQueryOptions = ({ liftId, organisationId, limit, offset }: LiftEventsParams) =>
  queryOptions({
    queryKey: ['lifts', 'events', liftId, { organisationId, limit, offset }],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/events', {
        schema: eventListResponseSchema,
        signal,
        query: { organisationId, liftIds: liftId, showClosed: true, sort: 'startedAt', order: 'desc', limit, offset },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
