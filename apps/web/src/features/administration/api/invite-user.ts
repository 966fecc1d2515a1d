import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserResponseSchema, type InviteUser } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKey } from './admin-keys.ts';

/** POST /liftwacht/admin/users: the user exists at once (invited) and gets the invitation mail. */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: InviteUser) =>
      (await apiRequest('POST', '/admin/users', { schema: adminUserResponseSchema, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
