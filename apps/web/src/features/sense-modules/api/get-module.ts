import { queryOptions } from '@tanstack/react-query';
import { moduleResponseSchema } from '@liftwacht/contracts/sense-modules';
import { apiRequest } from '../../../lib/api-client.ts';
import { modulesKey } from './module-keys.ts';

/** GET /liftwacht/admin/modules/{id}: the module with its links and last provisioning message. */
export const moduleQueryOptions = (moduleId: number) =>
  queryOptions({
    queryKey: [...modulesKey, 'detail', moduleId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/admin/modules/${moduleId}`, { schema: moduleResponseSchema, signal });
      return response.data;
    },
  });
