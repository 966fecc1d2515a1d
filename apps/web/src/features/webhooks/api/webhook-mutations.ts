// The writes of the webhook pages. Each refreshes every webhook query afterwards: the list shows the
// last delivery, the page the version, the log the new attempt.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhookWithSecretResponseSchema,
  type CreateWebhook,
  type UpdateWebhook,
} from '@liftwacht/contracts/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhook-keys.ts';

function useWebhookMutation<A, R>(request: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** POST /admin/webhooks: the answer carries the secret, the only time it is readable. */
export const useCreateWebhook = () =>
  useWebhookMutation(
    async (body: CreateWebhook) =>
      (await apiRequest('POST', '/admin/webhooks', { schema: webhookWithSecretResponseSchema, body })).data,
  );

export const useUpdateWebhook = (id: number) =>
  useWebhookMutation(
    async (body: UpdateWebhook) =>
      (await apiRequest('PATCH', `/admin/webhooks/${String(id)}`, { schema: webhookResponseSchema, body })).data,
  );

export const useDeleteWebhook = (id: number) =>
  useWebhookMutation(
    async () => (await apiRequest('DELETE', `/admin/webhooks/${String(id)}`, { schema: webhookResponseSchema })).data,
  );

export const useRotateWebhookSecret = (id: number) =>
  useWebhookMutation(
    async (version: number) =>
      (
        await apiRequest('POST', `/admin/webhooks/${String(id)}/secret`, {
          schema: webhookWithSecretResponseSchema,
          body: { version },
        })
      ).data,
  );

/** POST /admin/webhooks/{id}/test: a ping now; the answer is the delivery with its outcome. */
export const useTestWebhook = (id: number) =>
  useWebhookMutation(
    async () =>
      (await apiRequest('POST', `/admin/webhooks/${String(id)}/test`, { schema: webhookDeliveryResponseSchema })).data,
  );

export const useResendDelivery = (id: number) =>
  useWebhookMutation(
    async (deliveryId: number) =>
      (
        await apiRequest('POST', `/admin/webhooks/${String(id)}/deliveries/${String(deliveryId)}/resend`, {
          schema: webhookDeliveryResponseSchema,
        })
      ).data,
  );
