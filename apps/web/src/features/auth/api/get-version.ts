import { queryOptions } from '@tanstack/react-query';
import { versionResponseSchema } from '@liftwacht/contracts/system';
import { apiRequest } from '../../../lib/api-client.ts';

export const versionQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'version'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/version', { schema: versionResponseSchema, signal, authenticated: false });
      return response.data.version;
    },
  });
