import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { liftListResponseSchema } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { LiftCriteria } from '../lib/advanced-criteria.ts';
import type { LiftListParams } from './get-lifts.ts';

export interface LiftSearchParams extends Omit<LiftListParams, 'search'> {
  criteria: LiftCriteria;
}

/** POST /liftwacht/lift: the advanced search; the criteria travel as the body. */
export const liftSearchQueryOptions = ({ criteria, ...page }: LiftSearchParams) =>
  queryOptions({
    queryKey: ['lifts', 'search', criteria, page],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('POST', '/lift', {
        schema: liftListResponseSchema,
        signal,
        body: criteria,
        query: {
          organisationId: page.organisationId ?? undefined,
          sort: page.sort,
          direction: page.direction,
          limit: page.limit,
          offset: page.offset,
        },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
