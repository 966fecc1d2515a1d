import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { logbookResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /liftwacht/lift/{id}/logbook, newest first. */
export const logbookQueryOptions = (liftId: number, limit: number, offset: number) =>
  queryOptions({
    queryKey: ['lifts', 'logbook', liftId, { limit, offset }],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/lift/${liftId}/logbook`, {
        schema: logbookResponseSchema,
        signal,
        query: { limit, offset },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
