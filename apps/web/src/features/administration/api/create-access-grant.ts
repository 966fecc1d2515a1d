import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessGrantResponseSchema, type CreateAccessGrant } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { adminKey } from './admin-keys.ts';

/** POST /liftwacht/admin/access-grants: 409 when the grant exists. */
export function useCreateAccessGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAccessGrant) =>
      (await apiRequest('POST', '/admin/access-grants', { schema: accessGrantResponseSchema, body })).data,
    onSuccess: () => {
      // The picker lists organisations (and their lifts): it reads them again.
      sessionActions.refreshOrganisationList();
      return client.invalidateQueries({ queryKey: adminKey });
    },
  });
}
