// HTTP for a lift's on-site summary (issue 41): one read for the mechanic opening the lift's
// sticker, who holds `lifts.onSite` but neither the events nor the calls lists.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { liftOnSiteResponseSchema } from '@liftwacht/contracts/lift-on-site';
import { liftIdParamSchema } from '@liftwacht/contracts/lifts';
import { principalOf } from '../../plugins/auth.ts';
import { LiftOnSiteRepository } from './lift-on-site.repository.ts';
import { LiftOnSiteService } from './lift-on-site.service.ts';
import { LiftsRepository } from './lifts.repository.ts';

const bearer = [{ bearerAuth: [] }];

export function liftOnSiteRoutes(app: FastifyInstance): void {
  const service = new LiftOnSiteService(
    new LiftsRepository(app.db),
    new LiftOnSiteRepository(app.db),
    app.access,
    app.clock,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/lift/:id/on-site',
    {
      schema: {
        tags: ['lifts'],
        summary:
          'The on-site summary of a lift: in or out of service since when, open faults, the open alarm call, the last five events and visits, inspection and maintenance due (404 outside your organisations)',
        security: bearer,
        params: liftIdParamSchema,
        response: { 200: liftOnSiteResponseSchema },
      },
      ...app.guard('lifts.onSite'),
    },
    async (request) => ({ data: await service.summary(principalOf(request), request.params.id) }),
  );
}
