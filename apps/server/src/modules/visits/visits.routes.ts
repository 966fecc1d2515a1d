// HTTP for visits: the lift page's visits panel and the visit page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myVisitsQuerySchema, myVisitsResponseSchema } from '@liftwacht/contracts/dashboard';
import { liftIdParamSchema } from '@liftwacht/contracts/lifts';
import {
  endVisitBodySchema,
  liftVisitsExportQuerySchema,
  liftVisitsQuerySchema,
  liftVisitsResponseSchema,
  visitIdParamSchema,
  visitResponseSchema,
  startVisitBodySchema,
  visitWriteResponseSchema,
} from '@liftwacht/contracts/visits';
import { languageOf } from '../../lib/server-i18n.ts';
import { sendSpreadsheet } from '../../lib/spreadsheet-export.ts';
import { principalOf } from '../../plugins/auth.ts';
import { idempotencyHeaders } from '../../plugins/idempotency.ts';
import { visitColumns, visitFileName, visitRow, visitSheetName } from './visit-export.ts';
import { VisitRecordingService } from './visit-recording.service.ts';
import { VisitWritesRepository } from './visit-writes.repository.ts';
import { VisitsRepository } from './visits.repository.ts';
import { VisitsService } from './visits.service.ts';

const bearer = [{ bearerAuth: [] }];

export function visitsRoutes(app: FastifyInstance): void {
  const reads = new VisitsRepository(app.db);
  const service = new VisitsService(reads, app.access, app.clock);
  const recording = new VisitRecordingService({
    db: app.db,
    reads,
    writes: new VisitWritesRepository(),
    access: app.access,
    audit: app.audit,
    idempotency: app.idempotency,
    clock: app.clock,
    changed: app.visits.changed,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canView = app.guard('visits.view');
  const canRecord = app.guard('visits.record');

  r.get(
    '/lift/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: "The lift's visits, newest first",
        security: bearer,
        params: liftIdParamSchema,
        querystring: liftVisitsQuerySchema,
        response: { 200: liftVisitsResponseSchema },
      },
      ...canView,
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.liftVisits(principalOf(request), request.params.id, request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.get(
    '/lift/:id/visits/export',
    {
      schema: {
        tags: ['visits'],
        summary: "The lift's visits (same filters, newest first) as a .csv or .xlsx file: every matching visit",
        security: bearer,
        params: liftIdParamSchema,
        querystring: liftVisitsExportQuerySchema,
      },
      ...canView,
    },
    async (request, reply) => {
      const { format, language: locale, ...filters } = request.query;
      const language = languageOf(locale);
      const { id } = request.params;
      // Scope is checked before the first byte, so a refusal still answers as a JSON error.
      const batches = await service.liftVisitsExport(principalOf(request), id, filters);
      return sendSpreadsheet(reply, visitFileName(language, id, app.clock.now()), {
        format,
        language,
        sheetName: visitSheetName(language),
        columns: visitColumns(language),
        batches,
        row: visitRow(language),
      });
    },
  );

  r.get(
    '/visits/mine',
    {
      schema: {
        tags: ['visits'],
        summary: "The organisation's lift count and your visits in progress (the monteur's dashboard)",
        security: bearer,
        querystring: myVisitsQuerySchema,
        response: { 200: myVisitsResponseSchema },
      },
      ...canView,
    },
    async (request) => ({ data: await service.mine(principalOf(request), request.query.organisationId) }),
  );

  r.get(
    '/visits/:visitId',
    {
      schema: {
        tags: ['visits'],
        summary: 'One visit with its lift and the logbook written meanwhile (404 outside your organisations)',
        security: bearer,
        params: visitIdParamSchema,
        response: { 200: visitResponseSchema },
      },
      ...canView,
    },
    async (request) => ({ data: await service.visit(principalOf(request), request.params.visitId) }),
  );

  r.post(
    '/lift/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: 'Start a visit in your name (409 while you have one in progress on the lift)',
        security: bearer,
        params: liftIdParamSchema,
        headers: idempotencyHeaders,
        body: startVisitBodySchema,
        response: { 200: visitWriteResponseSchema, 201: visitWriteResponseSchema },
      },
      ...canRecord,
    },
    async (request, reply) => ({
      data: await recording.start(request, reply, request.params.id, request.body),
    }),
  );

  r.post(
    '/visits/:visitId/end',
    {
      schema: {
        tags: ['visits'],
        summary: 'Finish a visit in progress, with remarks (409 when it was already ended)',
        security: bearer,
        params: visitIdParamSchema,
        headers: idempotencyHeaders,
        body: endVisitBodySchema,
        response: { 200: visitWriteResponseSchema },
      },
      ...canRecord,
    },
    async (request, reply) => ({ data: await recording.end(request, reply, request.params.visitId, request.body) }),
  );

  r.post(
    '/visits/:visitId/cancel',
    {
      schema: {
        tags: ['visits'],
        summary: 'Cancel a visit in progress (409 when it was already ended)',
        security: bearer,
        params: visitIdParamSchema,
        headers: idempotencyHeaders,
        response: { 200: visitWriteResponseSchema },
      },
      ...canRecord,
    },
    async (request, reply) => ({ data: await recording.cancel(request, reply, request.params.visitId) }),
  );
}
