// HTTP for writing the logbook (issue 18): a new line on a lift, and its author's correction.
// Reading it stays with the lift page's reads (lifts.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  liftIdParamSchema,
  logbookEntryIdParamSchema,
  logbookEntryInputSchema,
  logbookEntryResponseSchema,
} from '@liftwacht/contracts/lifts';
import { LiftLogbookRepository } from './lift-logbook.repository.ts';
import { LiftLogbookService } from './lift-logbook.service.ts';
import { LiftsRepository } from './lifts.repository.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['lifts'];

export function liftLogbookRoutes(app: FastifyInstance): void {
  const service = new LiftLogbookService(
    app.db,
    new LiftLogbookRepository(app.db),
    new LiftsRepository(app.db),
    app.access,
    app.audit,
    app.clock,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canWrite = app.guard('logbook.write');

  r.post(
    '/lift/:id/logbook',
    {
      schema: {
        tags,
        summary: 'Add a logbook entry to the lift',
        security: bearer,
        params: liftIdParamSchema,
        body: logbookEntryInputSchema,
        response: { 201: logbookEntryResponseSchema },
      },
      ...canWrite,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.add(request, request.params.id, request.body) }),
  );

  r.put(
    '/logbook/:entryId',
    {
      schema: {
        tags,
        summary:
          'Correct a logbook entry: its author, within 24 hours of writing it (409 correction_window_closed after)',
        security: bearer,
        params: logbookEntryIdParamSchema,
        body: logbookEntryInputSchema,
        response: { 200: logbookEntryResponseSchema },
      },
      ...canWrite,
    },
    async (request) => ({ data: await service.correct(request, request.params.entryId, request.body) }),
  );
}
