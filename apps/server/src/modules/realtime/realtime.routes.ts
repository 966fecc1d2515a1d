// HTTP for the realtime socket: the per-lift access token (spec §7 POST /{product}/auth/sense-{product}).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { senseTokenRequestSchema, senseTokenResponseSchema } from '@liftwacht/contracts/realtime';
import { principalOf } from '../../plugins/auth.ts';

const bearer = [{ bearerAuth: [] }];

export function realtimeRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/sense-liftwacht',
    {
      schema: {
        tags: ['realtime'],
        summary: "A short-lived token for the realtime socket, scoped to one lift's module (404 for other lifts)",
        security: bearer,
        body: senseTokenRequestSchema,
        response: { 200: senseTokenResponseSchema },
      },
      ...app.guard('lifts.view'),
    },
    async (request) => ({ data: await app.realtime.service.issueSenseToken(principalOf(request), request.body) }),
  );
}
