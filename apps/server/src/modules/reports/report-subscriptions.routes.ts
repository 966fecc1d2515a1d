// HTTP for scheduled-report subscriptions (issue 20, "Meldingen"): list, add, remove.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reportSubscriptionInputSchema,
  reportSubscriptionListResponseSchema,
  reportSubscriptionParamsSchema,
} from '@liftwacht/contracts/reports';
import { principalOf } from '../../plugins/auth.ts';
import { ReportSubscriptionsRepository } from './report-subscriptions.repository.ts';
import { ReportSubscriptionsService } from './report-subscriptions.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['reports'];

export function reportSubscriptionsRoutes(app: FastifyInstance): void {
  const service = new ReportSubscriptionsService(new ReportSubscriptionsRepository(app.db), app.access, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Mailing a report is both: a subscription and a report download.
  const guard = app.guard('reports.download');

  r.get(
    '/report-subscriptions',
    {
      schema: {
        tags,
        summary: 'The organisation reports mailed to you monthly or quarterly',
        security: bearer,
        response: { 200: reportSubscriptionListResponseSchema },
      },
      ...guard,
    },
    async (request) => ({ data: { items: await service.list(principalOf(request)) } }),
  );

  r.post(
    '/report-subscriptions',
    {
      schema: {
        tags,
        summary: 'Have an organisation’s report mailed to you monthly or quarterly (idempotent)',
        security: bearer,
        body: reportSubscriptionInputSchema,
        response: { 200: reportSubscriptionListResponseSchema },
      },
      ...guard,
    },
    async (request) => ({ data: { items: await service.add(principalOf(request), request.body) } }),
  );

  r.delete(
    '/report-subscriptions/:organisationId/:cadence',
    {
      schema: {
        tags,
        summary: 'Stop a scheduled report (idempotent; answers the remaining subscriptions)',
        security: bearer,
        params: reportSubscriptionParamsSchema,
        response: { 200: reportSubscriptionListResponseSchema },
      },
      ...guard,
    },
    async (request) => {
      const { organisationId, cadence } = request.params;
      return { data: { items: await service.remove(principalOf(request), organisationId, cadence) } };
    },
  );
}
