import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moduleResponseSchema, type LinkModule } from '@liftwacht/contracts/sense-modules';
import { apiRequest } from '../../../lib/api-client.ts';
import { liftsKey, modulesKey } from './module-keys.ts';

/** POST /liftwacht/admin/modules/{id}/link: fit in a lift, move (another lift) or take out (null). */
export function useLinkModule(moduleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkModule) =>
      (await apiRequest('POST', `/admin/modules/${moduleId}/link`, { schema: moduleResponseSchema, body })).data,
    // Also after a 409: the page then shows the module as it is now.
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: modulesKey }),
        client.invalidateQueries({ queryKey: liftsKey }),
      ]);
    },
  });
}
