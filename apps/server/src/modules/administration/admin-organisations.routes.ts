// HTTP for organisations under /liftwacht/admin/organisations.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminOrganisationListQuerySchema,
  adminOrganisationListResponseSchema,
  adminOrganisationResponseSchema,
  createOrganisationSchema,
  updateOrganisationSchema,
} from '@liftwacht/contracts/administration';
import { idParamSchema } from '@liftwacht/contracts/common';
import { principalOf } from '../../plugins/auth.ts';
import type { AdminOrganisationsService } from './admin-organisations.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['administration'];

export function adminOrganisationsRoutes(app: FastifyInstance, service: AdminOrganisationsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/organisations',
    {
      schema: {
        tags,
        summary: 'Organisations to administer: every one for system-admin, the own one for admin',
        security: bearer,
        querystring: adminOrganisationListQuerySchema,
        response: { 200: adminOrganisationListResponseSchema },
      },
      ...app.guard('users.manage'),
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.list(principalOf(request), request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.get(
    '/admin/organisations/:id',
    {
      schema: {
        tags,
        summary: 'One organisation the caller administers (404 otherwise)',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminOrganisationResponseSchema },
      },
      ...app.guard('users.manage'),
    },
    async (request) => ({ data: await service.get(principalOf(request), request.params.id) }),
  );

  r.post(
    '/admin/organisations',
    {
      schema: {
        tags,
        summary: 'Create an organisation',
        security: bearer,
        body: createOrganisationSchema,
        response: { 201: adminOrganisationResponseSchema },
      },
      ...app.guard('organisations.manage'),
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(request, request.body) }),
  );

  r.patch(
    '/admin/organisations/:id',
    {
      schema: {
        tags,
        summary: 'Rename an organisation or change its type (409 with the current one on a stale version)',
        security: bearer,
        params: idParamSchema,
        body: updateOrganisationSchema,
        response: { 200: adminOrganisationResponseSchema },
      },
      ...app.guard('organisations.manage'),
    },
    async (request) => ({ data: await service.update(request, request.params.id, request.body) }),
  );
}
