// HTTP for organisations (spec §7: GET /user/organisation, GET /organisation?limit=1000).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, listQuerySchema } from '@liftwacht/contracts/common';
import { organisationListResponseSchema, userOrganisationResponseSchema } from '@liftwacht/contracts/organisations';
import { principalOf } from '../../plugins/auth.ts';
import { OrganisationsRepository } from './organisations.repository.ts';
import { OrganisationsService } from './organisations.service.ts';

const bearer = [{ bearerAuth: [] }];

export function organisationsRoutes(app: FastifyInstance): void {
  const service = new OrganisationsService(new OrganisationsRepository(app.db), app.access, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/organisation',
    {
      schema: {
        tags: ['organisations'],
        summary: "The signed-in user's own organisation",
        security: bearer,
        response: { 200: userOrganisationResponseSchema },
      },
      ...app.guard('authenticated'),
    },
    async (request) => ({ data: await service.own(principalOf(request)) }),
  );

  r.get(
    '/organisation',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Organisations the user may pick: own plus granted',
        security: bearer,
        querystring: listQuerySchema,
        response: { 200: organisationListResponseSchema },
      },
      ...app.guard('organisations.list'),
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.list(principalOf(request), limit, offset);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.get(
    '/organisation/:id',
    {
      schema: {
        tags: ['organisations'],
        summary: 'One organisation the user may access (404 otherwise)',
        security: bearer,
        params: idParamSchema,
        response: { 200: userOrganisationResponseSchema },
      },
      ...app.guard('organisations.list'),
    },
    async (request) => ({ data: await service.get(principalOf(request), request.params.id) }),
  );
}
