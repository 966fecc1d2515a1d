import { queryOptions } from '@tanstack/react-query';
import { webhookListResponseSchema } from '@liftwacht/contracts/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhook-keys.ts';

/** GET /liftwacht/admin/webhooks: an organisation has a handful, so one page holds them all. */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: [...webhooksKey, 'list'],
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/admin/webhooks', { schema: webhookListResponseSchema, signal, query: { limit: 200 } }))
        .data,
  });
