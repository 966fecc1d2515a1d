import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callListResponseSchema, type CallKind, type CallSort, type SortOrder } from '@liftwacht/contracts/calls';
import { apiRequest } from '../../../lib/api-client.ts';

export interface CallListParams {
  organisationId: number;
  from: string;
  to: string;
  kinds: CallKind[];
  liftIds: number[];
  sort: CallSort;
  order: SortOrder;
  limit: number;
  offset: number;
}

/** GET /liftwacht/calls: a page of calls plus the totals per kind for the whole period. */
export const callsQueryOptions = (params: CallListParams) =>
  queryOptions({
    queryKey: ['calls', 'list', params],
    queryFn: async ({ signal }) => {
      const { kinds, liftIds, ...rest } = params;
      const response = await apiRequest('GET', '/calls', {
        schema: callListResponseSchema,
        signal,
        query: {
          ...rest,
          kinds: kinds.length > 0 ? kinds.join(',') : undefined,
          liftIds: liftIds.length > 0 ? liftIds.join(',') : undefined,
        },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
