import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrganisationResponseSchema, type UpdateOrganisation } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { adminKey } from './admin-keys.ts';

/** PATCH /liftwacht/admin/organisations/{id} with the version the edit started from (409 when stale). */
export function useUpdateOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateOrganisation }) =>
      (await apiRequest('PATCH', `/admin/organisations/${id}`, { schema: adminOrganisationResponseSchema, body })).data,
    onSuccess: () => {
      // The picker lists organisations (and their lifts): it reads them again.
      sessionActions.refreshOrganisationList();
      return client.invalidateQueries({ queryKey: adminKey });
    },
  });
}
