import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { webhookDeliveryListResponseSchema, type WebhookDeliveryStatus } from '@liftwacht/contracts/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhook-keys.ts';

export const deliveriesPageSize = 25;

/** GET /liftwacht/admin/webhooks/{id}/deliveries: one page of the log, newest first. */
export const webhookDeliveriesQueryOptions = (id: number, page: number, status: WebhookDeliveryStatus | null) =>
  queryOptions({
    queryKey: [...webhooksKey, 'deliveries', id, page, status],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('GET', `/admin/webhooks/${String(id)}/deliveries`, {
          schema: webhookDeliveryListResponseSchema,
          signal,
          query: { limit: deliveriesPageSize, offset: page * deliveriesPageSize, status: status ?? undefined },
        })
      ).data,
    placeholderData: keepPreviousData,
    // Pending deliveries change on their own (retries): the log looks again now and then.
    refetchInterval: 15_000,
  });
