// HTTP for events (spec §2 /events and /events/{eventId}).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@liftwacht/contracts/common';
import {
  eventDetailResponseSchema,
  eventExportQuerySchema,
  eventListQuerySchema,
  eventListResponseSchema,
} from '@liftwacht/contracts/events';
import { languageOf } from '../../lib/server-i18n.ts';
import { sendSpreadsheet } from '../../lib/spreadsheet-export.ts';
import { principalOf } from '../../plugins/auth.ts';
import { EventsRepository } from './events.repository.ts';
import { eventColumns, eventFileName, eventRow, eventSheetName } from './event-export.ts';
import { EventsService } from './events.service.ts';

const bearer = [{ bearerAuth: [] }];

export function eventsRoutes(app: FastifyInstance): void {
  const service = new EventsService(new EventsRepository(app.db), app.access, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: "An organisation's lift events, filtered, sorted and paged (open events unless showClosed)",
        security: bearer,
        querystring: eventListQuerySchema,
        response: { 200: eventListResponseSchema },
      },
      ...app.guard('events.view'),
    },
    async (request) => {
      const { items, total } = await service.list(principalOf(request), request.query);
      return { data: { items, pagination: { limit: request.query.limit, offset: request.query.offset }, total } };
    },
  );

  r.get(
    '/events/export',
    {
      schema: {
        tags: ['events'],
        summary: 'The events list (same filters and order) as a .csv or .xlsx file: every matching event, not one page',
        security: bearer,
        querystring: eventExportQuerySchema,
      },
      ...app.guard('events.view'),
    },
    async (request, reply) => {
      const { format, language: locale, ...selection } = request.query;
      const language = languageOf(locale);
      // Scope is checked before the first byte, so a refusal still answers as a JSON error.
      const batches = await service.exportBatches(principalOf(request), selection);
      return sendSpreadsheet(reply, eventFileName(language, app.clock.now()), {
        format,
        language,
        sheetName: eventSheetName(language),
        columns: eventColumns(language),
        batches,
        row: eventRow(language),
      });
    },
  );

  r.get(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'One event with the calls and visits at its lift while it went on (404 outside your organisations)',
        security: bearer,
        params: idParamSchema,
        response: { 200: eventDetailResponseSchema },
      },
      ...app.guard('events.view'),
    },
    async (request) => ({ data: await service.detail(principalOf(request), request.params.id) }),
  );
}
