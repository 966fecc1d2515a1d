import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserResponseSchema, type UpdateUser } from '@liftwacht/contracts/administration';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKey } from './admin-keys.ts';

/** PATCH /liftwacht/admin/users/{id}: 409 `conflict` when stale, 409 `last_admin`, 403 for a too strong role. */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateUser }) =>
      (await apiRequest('PATCH', `/admin/users/${id}`, { schema: adminUserResponseSchema, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
