import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessGrantResponseSchema, type CreateAccessGrant } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKey } from './admin-keys.ts';

/** POST /liftwacht/admin/access-grants: 409 when the grant exists. */
export function useCreateAccessGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAccessGrant) =>
      (await apiRequest('POST', '/admin/access-grants', { schema: accessGrantResponseSchema, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
