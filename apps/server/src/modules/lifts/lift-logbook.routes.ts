// HTTP for writing the logbook (issue 18): a new line on a lift, and its author's correction, each
// with an optional Idempotency-Key. Reading it stays with the lift page's reads (lifts.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  liftIdParamSchema,
  logbookEntryIdParamSchema,
  logbookEntryInputSchema,
  logbookEntryResponseSchema,
} from '@liftwacht/contracts/lifts';
import { idempotencyHeaders } from '../../plugins/idempotency.ts';
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
    app.idempotency,
    app.clock,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canWrite = app.guard('logbook.write');

  r.post(
    '/lift/:id/logbook',
    {
      schema: {
        tags,
        summary: 'Add a logbook entry to the lift (a repeat with the same Idempotency-Key answers the first answer)',
        security: bearer,
        params: liftIdParamSchema,
        headers: idempotencyHeaders,
        body: logbookEntryInputSchema,
        response: { 201: logbookEntryResponseSchema },
      },
      ...canWrite,
    },
    async (request, reply) => ({ data: await service.add(request, reply, request.params.id, request.body) }),
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
        headers: idempotencyHeaders,
        body: logbookEntryInputSchema,
        response: { 200: logbookEntryResponseSchema },
      },
      ...canWrite,
    },
    async (request, reply) => ({
      data: await service.correct(request, reply, request.params.entryId, request.body),
    }),
  );
}
