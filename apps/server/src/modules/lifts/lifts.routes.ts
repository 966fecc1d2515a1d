// HTTP for lifts (spec §7 GET/POST /lift, GET /lift/{liftId}; the sense labels are modules/sense-labels)
// and the per-lift reads of the lift page: statuses, logbook, counters, ride estimate and sense data.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  countersQuerySchema,
  countersResponseSchema,
  type CountersResponse,
  liftIdParamSchema,
  liftListQuerySchema,
  liftListResponseSchema,
  liftResponseSchema,
  liftSearchCriteriaSchema,
  liftSearchQuerySchema,
  liftStatusesResponseSchema,
  logbookExportQuerySchema,
  logbookQuerySchema,
  logbookResponseSchema,
  rideEstimateResponseSchema,
} from '@liftwacht/contracts/lifts';
import { senseDataResponseSchema } from '@liftwacht/contracts/sense';
import { fastJsonResponse } from '../../lib/response-serializer.ts';
import { languageOf } from '../../lib/server-i18n.ts';
import { sendSpreadsheet } from '../../lib/spreadsheet-export.ts';
import { principalOf } from '../../plugins/auth.ts';
import { countersResponseJson } from './counters-json.ts';
import { LiftCountersRepository } from './lift-counters.repository.ts';
import { sendLiftList } from './lift-list-json.ts';
import { LiftLogbookRepository } from './lift-logbook.repository.ts';
import { LiftStatusesRepository } from './lift-statuses.repository.ts';
import { LiftsRepository } from './lifts.repository.ts';
import { LiftsService } from './lifts.service.ts';
import { logbookColumns, logbookFileName, logbookRow, logbookSheetName } from './logbook-export.ts';
import { SenseRepository } from './sense.repository.ts';

const bearer = [{ bearerAuth: [] }];
// A lift (the lift page's first read) is written by fast-json-stringify; the list is JSON text
// from the database (lift-list-json.ts).
const liftResponse = fastJsonResponse(liftResponseSchema);
const tags = ['lifts'];

export function liftsRoutes(app: FastifyInstance): void {
  const service = new LiftsService(
    new LiftsRepository(app.db, app.database),
    new LiftStatusesRepository(app.db),
    new LiftLogbookRepository(app.db),
    new LiftCountersRepository(app.database),
    new SenseRepository(app.db),
    app.access,
    app.clock,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canList = app.guard('lifts.list');
  const canView = app.guard('lifts.view');

  r.get(
    '/lift',
    {
      schema: {
        tags,
        summary: 'Lifts of the chosen (or every accessible) organisation, with an optional free-text search',
        security: bearer,
        querystring: liftListQuerySchema,
        response: { 200: liftListResponseSchema },
      },
      ...canList,
    },
    async (request, reply) => {
      return sendLiftList(reply, await service.list(principalOf(request), request.query), request.query);
    },
  );

  r.post(
    '/lift',
    {
      schema: {
        tags,
        summary: 'Advanced lift search; empty criteria give an empty list',
        security: bearer,
        querystring: liftSearchQuerySchema,
        body: liftSearchCriteriaSchema,
        response: { 200: liftListResponseSchema },
      },
      ...canList,
    },
    async (request, reply) => {
      const page = await service.search(principalOf(request), request.query, request.body);
      return sendLiftList(reply, page, request.query);
    },
  );

  r.get(
    '/lift/:id',
    {
      schema: {
        tags,
        summary: 'One lift with its details, inspection validity and module (404 outside your organisations)',
        security: bearer,
        params: liftIdParamSchema,
        response: { 200: liftResponse },
      },
      ...canView,
    },
    async (request) => ({ data: await service.get(principalOf(request), request.params.id) }),
  );

  r.get(
    '/lift/:id/statuses',
    {
      schema: {
        tags,
        summary: "The lift's current statuses, yes/no per status the role may see",
        security: bearer,
        params: liftIdParamSchema,
        response: { 200: liftStatusesResponseSchema },
      },
      ...canView,
    },
    async (request) => {
      const { id } = request.params;
      return { data: { liftId: id, ...(await service.currentStatuses(principalOf(request), id)) } };
    },
  );

  r.get(
    '/lift/:id/logbook',
    {
      schema: {
        tags,
        summary: "The lift's logbook, newest first",
        security: bearer,
        params: liftIdParamSchema,
        querystring: logbookQuerySchema,
        response: { 200: logbookResponseSchema },
      },
      ...canView,
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.logbookPage(principalOf(request), request.params.id, request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.get(
    '/lift/:id/logbook/export',
    {
      schema: {
        tags,
        summary: "The lift's logbook (same filters, newest first) as a .csv or .xlsx file: every matching line",
        security: bearer,
        params: liftIdParamSchema,
        querystring: logbookExportQuerySchema,
      },
      ...canView,
    },
    async (request, reply) => {
      const { format, language: locale, ...filters } = request.query;
      const language = languageOf(locale);
      const { id } = request.params;
      const batches = await service.logbookExport(principalOf(request), id, filters);
      return sendSpreadsheet(reply, logbookFileName(language, id, app.clock.now()), {
        format,
        language,
        sheetName: logbookSheetName(language),
        columns: logbookColumns(language),
        batches,
        row: logbookRow(language),
      });
    },
  );

  r.get(
    '/lift/:id/counters',
    {
      schema: {
        tags,
        summary: 'Periodical ride or energy counter: sums per 15 minutes, day, ISO week, month or year (local time)',
        security: bearer,
        params: liftIdParamSchema,
        querystring: countersQuerySchema,
        response: { 200: countersResponseSchema },
      },
      ...canView,
    },
    // A year of quarter hours is 35,040 items, written as JSON bytes straight from the series
    // (counters-json.ts) instead of checked against the schema and serialised as every other route
    // is; the schema still documents the response, and a test holds the bytes to it.
    async (request, reply) => {
      const data = await service.periodicalCounters(principalOf(request), request.params.id, request.query);
      // The type provider types send() by the schema's object; these bytes are that object's JSON.
      const json = countersResponseJson(data) as unknown as CountersResponse;
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  r.get(
    '/lift/:id/ride-estimate',
    {
      schema: {
        tags,
        summary: 'Rides per year: the last 365 days, or extrapolated from a shorter history',
        security: bearer,
        params: liftIdParamSchema,
        response: { 200: rideEstimateResponseSchema },
      },
      ...canView,
    },
    async (request) => ({ data: await service.rideEstimate(principalOf(request), request.params.id) }),
  );

  r.get(
    '/lift/:id/sense-data',
    {
      schema: {
        tags,
        summary: "The latest reading of each field of the lift's sense module",
        security: bearer,
        params: liftIdParamSchema,
        response: { 200: senseDataResponseSchema },
      },
      ...canView,
    },
    async (request) => ({ data: await service.senseData(principalOf(request), request.params.id) }),
  );
}
