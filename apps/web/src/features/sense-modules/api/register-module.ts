import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moduleWithKeyResponseSchema, type RegisterModule } from '@liftwacht/contracts/sense-modules';
import { apiRequest } from '../../../lib/api-client.ts';
import { liftsKey, modulesKey } from './module-keys.ts';

/** POST /liftwacht/admin/modules: the answer carries the key, the only time it is readable. */
export function useRegisterModule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterModule) =>
      (await apiRequest('POST', '/admin/modules', { schema: moduleWithKeyResponseSchema, body })).data,
    onSuccess: async (_saved, body) => {
      await client.invalidateQueries({ queryKey: modulesKey });
      if (body.liftId != null) await client.invalidateQueries({ queryKey: liftsKey });
    },
  });
}
