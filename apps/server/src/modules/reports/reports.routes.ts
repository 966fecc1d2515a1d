// HTTP for reports: POST /report/pdf (spec §7) answers the PDF as a streamed attachment.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportFileName, reportPdfRequestSchema, reportPdfResponseSchema } from '@liftwacht/contracts/reports';
import { principalOf } from '../../plugins/auth.ts';
import { drawReport } from './report-builds.ts';
import { ReportsRepository } from './reports.repository.ts';
import { ReportsService } from './reports.service.ts';

const bearer = [{ bearerAuth: [] }];

/** Register after dashboardRoutes: the report reads its figures from app.dashboard. */
export function reportsRoutes(app: FastifyInstance): void {
  const service = new ReportsService(new ReportsRepository(app.db), app.dashboard, app.access, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/report/pdf',
    {
      schema: {
        tags: ['reports'],
        summary: 'Organisation report as PDF, in the user’s language (nl or en)',
        security: bearer,
        body: reportPdfRequestSchema,
        response: {
          200: {
            description: 'The PDF, as an attachment named liftwacht-{report}-report-{subjectId}.pdf',
            content: { 'application/pdf': { schema: reportPdfResponseSchema } },
          },
        },
      },
      ...app.guard('reports.download'),
    },
    async (request, reply) => {
      const { body } = request;
      // Every figure is read before the first byte goes out, so a refusal is still a JSON error.
      const report = await service.organisationReport(principalOf(request), body);
      const pdf = await drawReport(report);
      // The typed reply expects the OpenAPI's binary string; pdfkit's document streams those bytes.
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(body.report, body.subjectId)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
