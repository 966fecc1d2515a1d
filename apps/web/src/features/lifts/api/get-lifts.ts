import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { liftListResponseSchema, type LiftSort, type LiftSortDirection } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface LiftListParams {
  /** null: every organisation the user may access. */
  organisationId: number | null;
  search: string;
  sort: LiftSort;
  direction: LiftSortDirection;
  limit: number;
  offset: number;
}

/** GET /liftwacht/lift: one page of the list, optionally narrowed by the free-text search. */
export const liftsQueryOptions = (params: LiftListParams) =>
  queryOptions({
    queryKey: ['lifts', 'list', params],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/lift', {
        schema: liftListResponseSchema,
        signal,
        query: {
          organisationId: params.organisationId ?? undefined,
          search: params.search.trim() || undefined,
          sort: params.sort,
          direction: params.direction,
          limit: params.limit,
          offset: params.offset,
        },
      });
      return response.data;
    },
    // Paging, sorting or typing keeps the old rows visible instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
