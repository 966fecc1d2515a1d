import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moduleWithKeyResponseSchema, type RotateModuleKey } from '@liftwacht/contracts/sense-modules';
import { apiRequest } from '../../../lib/api-client.ts';
import { modulesKey } from './module-keys.ts';

/** POST /liftwacht/admin/modules/{id}/key: a new key, shown once; the old one stops working. */
export function useRotateModuleKey(moduleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RotateModuleKey) =>
      (await apiRequest('POST', `/admin/modules/${moduleId}/key`, { schema: moduleWithKeyResponseSchema, body })).data,
    onSettled: () => client.invalidateQueries({ queryKey: modulesKey }),
  });
}
