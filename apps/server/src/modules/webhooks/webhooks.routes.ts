// HTTP for webhooks under /liftwacht/admin/webhooks (issue 19): the endpoints, their secret, a
// test, and the delivery log with re-send. docs/webhooks.md describes what the endpoints receive.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@liftwacht/contracts/common';
import {
  createWebhookSchema,
  rotateWebhookSecretSchema,
  updateWebhookSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookListQuerySchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookWithSecretResponseSchema,
} from '@liftwacht/contracts/webhooks';
import { principalOf } from '../../plugins/auth.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['webhooks'];

export function webhooksRoutes(app: FastifyInstance): void {
  const service = app.webhooks.service;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.guard('webhooks.manage');

  r.get(
    '/admin/webhooks',
    {
      schema: {
        tags,
        summary: 'Webhook endpoints of the organisations the caller manages (its own; system-admin: every one)',
        security: bearer,
        querystring: webhookListQuerySchema,
        response: { 200: webhookListResponseSchema },
      },
      ...guard,
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.list(principalOf(request), request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.get(
    '/admin/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'One webhook endpoint (404 outside the caller’s organisation)',
        security: bearer,
        params: idParamSchema,
        response: { 200: webhookResponseSchema },
      },
      ...guard,
    },
    async (request) => ({ data: await service.get(principalOf(request), request.params.id) }),
  );

  r.post(
    '/admin/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook endpoint; the answer carries its signing secret, shown this once',
        description:
          '400 on url when it is not https or its host resolves to a loopback, private, link-local or other ' +
          'non-public address (allowed with WEBHOOK_ALLOW_PRIVATE=true).',
        security: bearer,
        body: createWebhookSchema,
        response: { 201: webhookWithSecretResponseSchema },
      },
      ...guard,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request, principalOf(request), request.body) }),
  );

  r.patch(
    '/admin/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change a webhook endpoint’s address, description, kinds or whether it is on',
        description: '409 with the current endpoint when the version is stale.',
        security: bearer,
        params: idParamSchema,
        body: updateWebhookSchema,
        response: { 200: webhookResponseSchema },
      },
      ...guard,
    },
    async (request) => ({
      data: await service.update(request, principalOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/admin/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Remove a webhook endpoint and its delivery log (answers the endpoint as it was)',
        security: bearer,
        params: idParamSchema,
        response: { 200: webhookResponseSchema },
      },
      ...guard,
    },
    async (request) => ({ data: await service.remove(request, principalOf(request), request.params.id) }),
  );

  r.post(
    '/admin/webhooks/:id/secret',
    {
      schema: {
        tags,
        summary: 'Give the endpoint a new signing secret (shown this once); the old one stops signing at once',
        security: bearer,
        params: idParamSchema,
        body: rotateWebhookSecretSchema,
        response: { 200: webhookWithSecretResponseSchema },
      },
      ...guard,
    },
    async (request) => ({
      data: await service.rotateSecret(request, principalOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/admin/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a ping to the endpoint now and answer the delivery with its outcome',
        security: bearer,
        params: idParamSchema,
        response: { 200: webhookDeliveryResponseSchema },
      },
      ...guard,
    },
    async (request) => ({ data: await service.test(request, principalOf(request), request.params.id) }),
  );

  r.get(
    '/admin/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'The endpoint’s delivery log, newest first: status, attempts, last answer and its time',
        security: bearer,
        params: idParamSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryListResponseSchema },
      },
      ...guard,
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.deliveries(principalOf(request), request.params.id, request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        summary: 'Send a delivery again now, with the same body and id, and answer its outcome',
        description: '409 while another attempt of the delivery is under way.',
        security: bearer,
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliveryResponseSchema },
      },
      ...guard,
    },
    async (request) => ({
      data: await service.resend(request, principalOf(request), request.params.id, request.params.deliveryId),
    }),
  );
}
