import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrganisationResponseSchema, type CreateOrganisation } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { adminKey } from './admin-keys.ts';

/** POST /liftwacht/admin/organisations (system-admin). */
export function useCreateOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrganisation) =>
      (await apiRequest('POST', '/admin/organisations', { schema: adminOrganisationResponseSchema, body })).data,
    onSuccess: () => {
      // The picker lists organisations (and their lifts): it reads them again.
      sessionActions.refreshOrganisationList();
      return client.invalidateQueries({ queryKey: adminKey });
    },
  });
}
