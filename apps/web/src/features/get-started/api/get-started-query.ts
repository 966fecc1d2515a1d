import { queryOptions } from '@tanstack/react-query';
import { getStartedResponseSchema } from '@liftwacht/contracts/get-started';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /liftwacht/get-started: the first steps of setting up, read from the data. Fresh on every
 * visit (a step done on another page shows done at once); under 'lifts' as well as its own key,
 * so saving a lift or an import (which invalidate 'lifts') reads it again.
 */
export const getStartedQueryOptions = () =>
  queryOptions({
    queryKey: ['lifts', 'get-started'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/get-started', { schema: getStartedResponseSchema, signal })).data,
    staleTime: 0,
  });
