import { queryOptions } from '@tanstack/react-query';
import { callAssigneesResponseSchema, callDetailResponseSchema } from '@liftwacht/contracts/call-actions';
import { apiRequest } from '../../../lib/api-client.ts';

/** One call with its lifecycle; under ['calls'] so a pushed change of the organisation's calls refetches it. */
export const callQueryOptions = (callId: number) =>
  queryOptions({
    queryKey: ['calls', 'detail', callId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/calls/${callId}`, { schema: callDetailResponseSchema, signal });
      return response.data;
    },
    // A call is acted on by several people at once: never show a cached state as current.
    staleTime: 0,
  });

export const callAssigneesQueryOptions = (callId: number) =>
  queryOptions({
    queryKey: ['calls', 'assignees', callId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/calls/${callId}/assignees`, {
        schema: callAssigneesResponseSchema,
        signal,
      });
      return response.data;
    },
  });
