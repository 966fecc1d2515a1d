import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { accessGrantListResponseSchema } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import type { AccessListState } from '../lib/access-list-params.ts';
import { adminKey } from './admin-keys.ts';

/** GET /liftwacht/admin/access-grants: grants from or to the chosen organisation (all without one). */
export const accessGrantsQueryOptions = (state: AccessListState) =>
  queryOptions({
    queryKey: [...adminKey, 'access-grants', state],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/admin/access-grants', {
        schema: accessGrantListResponseSchema,
        signal,
        query: { organisationId: state.organisationId, limit: state.rows, offset: state.page * state.rows },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
