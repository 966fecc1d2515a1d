// HTTP for the report page (/organisation-report): build and keep a report (POST /reports), list
// the user's kept reports (GET /reports) and fetch one again (GET /reports/{id}/pdf).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@liftwacht/contracts/common';
import {
  reportPdfResponseSchema,
  savedReportFileName,
  savedReportListResponseSchema,
  savedReportRequestSchema,
  savedReportResponseSchema,
} from '@liftwacht/contracts/reports';
import { principalOf } from '../../plugins/auth.ts';
import { ReportsRepository } from './reports.repository.ts';
import { ReportsService } from './reports.service.ts';
import { SavedReportsRepository } from './saved-reports.repository.ts';
import { SavedReportsService } from './saved-reports.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['reports'];

/** Register after dashboardRoutes: the report reads its figures from app.dashboard. */
export function savedReportsRoutes(app: FastifyInstance): void {
  const reports = new ReportsService(new ReportsRepository(app.db), app.dashboard, app.access, app.clock);
  const service = new SavedReportsService(new SavedReportsRepository(app.db), reports, app.access, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/reports',
    {
      schema: {
        tags,
        summary: 'Build an organisation report in the chosen language and keep it with your last reports',
        security: bearer,
        body: savedReportRequestSchema,
        response: { 201: savedReportResponseSchema },
      },
      ...app.guard('reports.download'),
    },
    async (request, reply) => {
      const report = await service.create(principalOf(request), request.body);
      return reply.code(201).send({ data: report });
    },
  );

  r.get(
    '/reports',
    {
      schema: {
        tags,
        summary: 'Your last organisation reports, newest first',
        security: bearer,
        response: { 200: savedReportListResponseSchema },
      },
      ...app.guard('reports.download'),
    },
    async (request) => ({ data: { items: await service.list(principalOf(request)) } }),
  );

  r.get(
    '/reports/:id/pdf',
    {
      schema: {
        tags,
        summary: 'One of your kept reports as PDF (another user’s report answers 404)',
        security: bearer,
        params: idParamSchema,
        response: {
          200: {
            description: 'The PDF, as an attachment',
            content: { 'application/pdf': { schema: reportPdfResponseSchema } },
          },
        },
      },
      ...app.guard('reports.download'),
    },
    async (request, reply) => {
      const report = await service.content(principalOf(request), request.params.id);
      // The typed reply expects the OpenAPI's binary string; the bytes are that string's content.
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${savedReportFileName(report)}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(report.pdf.buffer, report.pdf.byteOffset, report.pdf.byteLength));
    },
  );
}
