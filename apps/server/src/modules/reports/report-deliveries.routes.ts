// HTTP for scheduled reports on the server side: hands the job its report builder (the dashboard
// exists once the routes are registered), and shows administrators the scheduled report mails
// that are not sent yet — waiting, failing (retried by the mail queue) or skipped.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportDeliveryListResponseSchema, type ReportDelivery } from '@liftwacht/contracts/reports';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import { principalOf } from '../../plugins/auth.ts';
import { ReportsRepository } from './reports.repository.ts';
import { ReportsService } from './reports.service.ts';
import { ScheduledReportsRepository } from './scheduled-reports.repository.ts';

const bearer = [{ bearerAuth: [] }];

/** The newest unsent deliveries an administrator sees. */
const listedDeliveries = 100;

/** Register after dashboardRoutes: the scheduled report reads its figures from app.dashboard. */
export function reportDeliveriesRoutes(app: FastifyInstance): void {
  app.scheduledReports.useReports(
    new ReportsService(new ReportsRepository(app.db), app.dashboard, app.access, app.clock),
  );
  const repository = new ScheduledReportsRepository(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/report-deliveries',
    {
      schema: {
        tags: ['reports'],
        summary: 'Scheduled report mails not sent yet (waiting, failing or skipped) to the people of your organisation',
        security: bearer,
        response: { 200: reportDeliveryListResponseSchema },
      },
      ...app.guard('audit.view'),
    },
    async (request) => {
      const principal = principalOf(request);
      const scope = seesEveryOrganisation(principal.roles) ? null : principal.organisationId;
      const rows = await repository.unsent(scope, listedDeliveries);
      const items: ReportDelivery[] = rows.map((row) => ({
        ...row,
        cadence: row.cadence === 'quarterly' ? 'quarterly' : 'monthly',
        createdAt: new Date(row.createdAt).toISOString(),
      }));
      return { data: { items } };
    },
  );
}
