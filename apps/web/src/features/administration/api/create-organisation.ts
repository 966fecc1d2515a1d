import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrganisationResponseSchema, type CreateOrganisation } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKey } from './admin-keys.ts';

/** POST /liftwacht/admin/organisations (system-admin). */
export function useCreateOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrganisation) =>
      (await apiRequest('POST', '/admin/organisations', { schema: adminOrganisationResponseSchema, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
