// HTTP for visits: the lift page's visits panel and the visit page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { liftIdParamSchema } from '@liftwacht/contracts/lifts';
import {
  liftVisitsQuerySchema,
  liftVisitsResponseSchema,
  visitIdParamSchema,
  visitResponseSchema,
} from '@liftwacht/contracts/visits';
import { principalOf } from '../../plugins/auth.ts';
import { VisitsRepository } from './visits.repository.ts';
import { VisitsService } from './visits.service.ts';

const bearer = [{ bearerAuth: [] }];

export function visitsRoutes(app: FastifyInstance): void {
  const service = new VisitsService(new VisitsRepository(app.db), app.access, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canView = app.guard('visits.view');

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
}
