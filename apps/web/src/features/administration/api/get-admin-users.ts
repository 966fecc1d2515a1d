import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminUserListResponseSchema } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import type { UserListState } from '../lib/user-list-params.ts';
import { adminKey } from './admin-keys.ts';

/** GET /liftwacht/admin/users: the server keeps an admin to its own organisation's people. */
export const adminUsersQueryOptions = (state: UserListState) =>
  queryOptions({
    queryKey: [...adminKey, 'users', state],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/admin/users', {
        schema: adminUserListResponseSchema,
        signal,
        query: {
          organisationId: state.organisationId,
          search: state.search || undefined,
          role: state.role,
          status: state.status,
          sort: state.sort,
          direction: state.direction,
          limit: state.rows,
          offset: state.page * state.rows,
        },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
    // Statuses change by other people's actions (an invitation accepted): never show an old copy.
    staleTime: 0,
  });
