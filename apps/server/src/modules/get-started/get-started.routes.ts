// HTTP for the get-started checklist: GET /get-started (administrators).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getStartedResponseSchema } from '@liftwacht/contracts/get-started';
import { principalOf } from '../../plugins/auth.ts';
import { GetStartedRepository } from './get-started.repository.ts';
import { GetStartedService } from './get-started.service.ts';

export function getStartedRoutes(app: FastifyInstance): void {
  const service = new GetStartedService(new GetStartedRepository(app.db), app.access);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/get-started',
    {
      schema: {
        tags: ['get-started'],
        summary:
          "The first steps of setting up (organisations, people, lifts, modules) and which are done, from the caller's data",
        security: [{ bearerAuth: [] }],
        response: { 200: getStartedResponseSchema },
      },
      ...app.guard('users.manage'),
    },
    async (request) => ({ data: await service.checklist(principalOf(request)) }),
  );
}
