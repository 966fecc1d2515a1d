// HTTP for the signed-in user's notification subscriptions (spec §2 /subscriptions, "Meldingen").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriptionsResponseSchema, subscriptionsUpdateSchema } from '@liftwacht/contracts/subscriptions';
import { principalOf } from '../../plugins/auth.ts';
import { SubscriptionsRepository } from './subscriptions.repository.ts';
import { SubscriptionsService } from './subscriptions.service.ts';

const bearer = [{ bearerAuth: [] }];

export function subscriptionsRoutes(app: FastifyInstance): void {
  const service = new SubscriptionsService(new SubscriptionsRepository(app.db), app.access);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Which event types are mailed to you, for all your lifts or chosen ones',
        security: bearer,
        response: { 200: subscriptionsResponseSchema },
      },
      ...app.guard('subscriptions.manage'),
    },
    async (request) => ({ data: await service.get(principalOf(request)) }),
  );

  r.put(
    '/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Replace your subscriptions (lifts outside your organisations answer 404)',
        security: bearer,
        body: subscriptionsUpdateSchema,
        response: { 200: subscriptionsResponseSchema },
      },
      ...app.guard('subscriptions.manage'),
    },
    async (request) => ({ data: await service.replace(principalOf(request), request.body) }),
  );
}
