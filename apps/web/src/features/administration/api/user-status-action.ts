import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserResponseSchema, type AdminUser } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKey } from './admin-keys.ts';

/** The three POSTs on one user: /disable, /enable and /invitation (a fresh invitation mail). */
export type UserStatusAction = 'disable' | 'enable' | 'invitation';

/** Sends the version the table showed, as every change of a user does. */
export function useUserStatusAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ user, action }: { user: AdminUser; action: UserStatusAction }) =>
      (
        await apiRequest('POST', `/admin/users/${user.id}/${action}`, {
          schema: adminUserResponseSchema,
          body: { version: user.version },
        })
      ).data,
    onSettled: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
