// HTTP for alarm calls (spec §2 /alarm-calls "Calls" and /current-calls).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  callExportQuerySchema,
  callListQuerySchema,
  callListResponseSchema,
  currentCallsExportQuerySchema,
  currentCallsQuerySchema,
  currentCallsResponseSchema,
} from '@liftwacht/contracts/calls';
import { languageOf } from '../../lib/server-i18n.ts';
import { sendSpreadsheet } from '../../lib/spreadsheet-export.ts';
import { principalOf } from '../../plugins/auth.ts';
import { CallsRepository } from './calls.repository.ts';
import { callFileName, callRow, callSheetColumns, callSheetName } from './call-export.ts';
import { CallsService } from './calls.service.ts';

const bearer = [{ bearerAuth: [] }];

export function callsRoutes(app: FastifyInstance): void {
  const service = new CallsService(new CallsRepository(app.db), app.access, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/calls',
    {
      schema: {
        tags: ['calls'],
        summary: "An organisation's alarm calls received in a period, with totals per kind",
        security: bearer,
        querystring: callListQuerySchema,
        response: { 200: callListResponseSchema },
      },
      ...app.guard('calls.view'),
    },
    async (request) => {
      const { items, total, totals } = await service.list(principalOf(request), request.query);
      return {
        data: { items, pagination: { limit: request.query.limit, offset: request.query.offset }, total, totals },
      };
    },
  );

  r.get(
    '/calls/current',
    {
      schema: {
        tags: ['calls'],
        summary: 'Alarm calls not yet ended, with how long each has been running',
        security: bearer,
        querystring: currentCallsQuerySchema,
        response: { 200: currentCallsResponseSchema },
      },
      ...app.guard('calls.current'),
    },
    async (request) => {
      const { items, total } = await service.current(principalOf(request), request.query);
      return { data: { items, pagination: { limit: request.query.limit, offset: request.query.offset }, total } };
    },
  );

  r.get(
    '/calls/export',
    {
      schema: {
        tags: ['calls'],
        summary: 'The alarm calls list (same filters and order) as a .csv or .xlsx file: every matching call',
        security: bearer,
        querystring: callExportQuerySchema,
      },
      ...app.guard('calls.view'),
    },
    async (request, reply) => {
      const { format, language: locale, ...selection } = request.query;
      const language = languageOf(locale);
      // Scope is checked before the first byte, so a refusal still answers as a JSON error.
      const batches = await service.exportBatches(principalOf(request), selection);
      return sendSpreadsheet(reply, callFileName(language, 'calls', app.clock.now()), {
        format,
        language,
        sheetName: callSheetName(language, 'calls'),
        columns: callSheetColumns(language, 'calls'),
        batches,
        row: callRow(language, 'calls'),
      });
    },
  );

  r.get(
    '/calls/current/export',
    {
      schema: {
        tags: ['calls'],
        summary: 'The calls not yet ended (longest running first) as a .csv or .xlsx file',
        security: bearer,
        querystring: currentCallsExportQuerySchema,
      },
      ...app.guard('calls.current'),
    },
    async (request, reply) => {
      const { format, language: locale, organisationId } = request.query;
      const language = languageOf(locale);
      const batches = await service.currentExportBatches(principalOf(request), organisationId);
      return sendSpreadsheet(reply, callFileName(language, 'current', app.clock.now()), {
        format,
        language,
        sheetName: callSheetName(language, 'current'),
        columns: callSheetColumns(language, 'current'),
        batches,
        row: callRow(language, 'current'),
      });
    },
  );
}
