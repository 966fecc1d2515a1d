// GET /stats/compare/export: the compare-periods page as a file, its figures computed per period
// by the dashboard service (app.dashboard.stats), so the file holds what /stats answers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { comparisonExportQuerySchema } from '@liftwacht/contracts/dashboard-comparison';
import { languageOf } from '../../lib/server-i18n.ts';
import { sendSpreadsheet } from '../../lib/spreadsheet-export.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  comparisonBatches,
  comparisonColumns,
  comparisonFileName,
  comparisonRow,
  comparisonSheetName,
} from './period-comparison-export.ts';
import { PeriodComparisonService } from './period-comparison.service.ts';

const bearer = [{ bearerAuth: [] }];

/** Register after dashboardRoutes: it uses app.dashboard. */
export function periodComparisonExportRoutes(app: FastifyInstance): void {
  const service = new PeriodComparisonService(app.dashboard, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/stats/compare/export',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Compare periods as a .csv or .xlsx file: per figure each period and the change, as the page shows',
        security: bearer,
        querystring: comparisonExportQuerySchema,
      },
      // Period figures, as GET /stats with from/to: the service checks scope and the role again.
      ...app.guard('stats.period'),
    },
    async (request, reply) => {
      const { format, language: locale, ...selection } = request.query;
      const language = languageOf(locale);
      // Computed before the file starts, so a refusal still answers as a JSON error.
      const pairs = await service.compare(principalOf(request), selection);
      return sendSpreadsheet(reply, comparisonFileName(language, app.clock.now()), {
        format,
        language,
        sheetName: comparisonSheetName(language),
        columns: comparisonColumns(language, pairs),
        batches: comparisonBatches(),
        row: comparisonRow(language, pairs),
      });
    },
  );
}
