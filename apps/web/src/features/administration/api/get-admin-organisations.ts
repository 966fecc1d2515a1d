import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { maxPageSize } from '@liftwacht/contracts/common';
import { adminOrganisationListResponseSchema } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OrganisationListState } from '../lib/organisation-list-params.ts';
import { adminKey } from './admin-keys.ts';

/** GET /liftwacht/admin/organisations: one page of the organisations table. */
export const adminOrganisationsQueryOptions = (state: OrganisationListState) =>
  queryOptions({
    queryKey: [...adminKey, 'organisations', state],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/admin/organisations', {
        schema: adminOrganisationListResponseSchema,
        signal,
        query: {
          search: state.search || undefined,
          type: state.type ?? undefined,
          sort: state.sort,
          direction: state.direction,
          limit: state.rows,
          offset: state.page * state.rows,
        },
      });
      return response.data;
    },
    // Paging or sorting keeps the old rows visible instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });

/** Every organisation by name, for the pickers in filters and dialogs (system-admin). */
export const allOrganisationsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'organisations', 'all'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/admin/organisations', {
        schema: adminOrganisationListResponseSchema,
        signal,
        query: { sort: 'name', direction: 'asc', limit: maxPageSize, offset: 0 },
      });
      return response.data.items;
    },
  });
