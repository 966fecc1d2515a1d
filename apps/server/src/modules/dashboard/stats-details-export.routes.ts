// GET /stats/details/export: the lifts behind a dashboard figure as a file, through the dashboard
// service itself (app.dashboard.details), so the file holds what /stats/details lists, every lift.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsDetailsExportQuerySchema, type StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { languageOf } from '../../lib/server-i18n.ts';
import { sendSpreadsheet } from '../../lib/spreadsheet-export.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  statsDetailsColumns,
  statsDetailsFileName,
  statsDetailsRow,
  statsDetailsSheetName,
  statsDetailsUnits,
} from './stats-details-export.ts';

// The service computes a figure's lifts whole (availability needs every lift's events); the list
// is at most one row per lift of the organisation, so the export asks for all of them at once.
const everyLift = 2_147_483_647;
const batchSize = 1000;

/** Register after dashboardRoutes: it uses app.dashboard. */
export function statsDetailsExportRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/stats/details/export',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The lifts behind a dashboard figure (as /stats/details) as a .csv or .xlsx file: every lift',
        security: bearer,
        querystring: statsDetailsExportQuerySchema,
      },
      ...app.guard('stats.details'),
    },
    async (request, reply) => {
      const { format, language: locale, ...selection } = request.query;
      const language = languageOf(locale);
      // Scope, role and period are checked here, so a refusal still answers as a JSON error.
      const { items } = await app.dashboard.details(principalOf(request), {
        ...selection,
        limit: everyLift,
        offset: 0,
      });
      const units = statsDetailsUnits(items);
      return sendSpreadsheet(reply, statsDetailsFileName(language, selection.type, app.clock.now()), {
        format,
        language,
        sheetName: statsDetailsSheetName(language),
        columns: statsDetailsColumns(language, units),
        batches: inBatches(items),
        row: statsDetailsRow(units),
      });
    },
  );
}

const bearer = [{ bearerAuth: [] }];

async function* inBatches(items: StatsDetailItem[]) {
  for (let start = 0; start < items.length; start += batchSize) {
    await Promise.resolve();
    yield items.slice(start, start + batchSize);
  }
}
