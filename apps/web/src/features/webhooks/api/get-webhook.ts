import { queryOptions } from '@tanstack/react-query';
import { webhookResponseSchema } from '@liftwacht/contracts/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhook-keys.ts';

/** GET /liftwacht/admin/webhooks/{id} */
export const webhookQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...webhooksKey, 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', `/admin/webhooks/${String(id)}`, { schema: webhookResponseSchema, signal })).data,
  });
