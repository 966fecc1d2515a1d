import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogResponseSchema } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import type { AuditListState } from '../lib/audit-list-params.ts';
import { adminKey } from './admin-keys.ts';

/** GET /liftwacht/admin/audit-log, newest first (the server's order). */
export const auditLogQueryOptions = (state: AuditListState) =>
  queryOptions({
    queryKey: [...adminKey, 'audit-log', state],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/admin/audit-log', {
        schema: auditLogResponseSchema,
        signal,
        query: {
          action: state.action,
          organisationId: state.organisationId,
          from: state.from || undefined,
          to: state.to || undefined,
          limit: state.rows,
          offset: state.page * state.rows,
        },
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
    // The log grows with every change: opening the page shows the latest entries.
    staleTime: 0,
  });
