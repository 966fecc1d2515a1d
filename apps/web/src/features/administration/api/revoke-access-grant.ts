import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AccessGrant } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { adminKey } from './admin-keys.ts';

// The contract names no body for the answer; whatever the server sends (or a 204) is fine.
const anyAnswer = z.unknown();

/** DELETE /liftwacht/admin/access-grants/{organisationId}/{accessibleOrganisationId}: effective at once. */
export function useRevokeAccessGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (grant: AccessGrant) => {
      await apiRequest('DELETE', `/admin/access-grants/${grant.organisationId}/${grant.accessibleOrganisationId}`, {
        schema: anyAnswer,
      });
    },
    onSettled: () => {
      sessionActions.refreshOrganisationList();
      return client.invalidateQueries({ queryKey: adminKey });
    },
  });
}
