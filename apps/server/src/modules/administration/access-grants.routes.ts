// HTTP for access grants under /liftwacht/admin/access-grants.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accessGrantListQuerySchema,
  accessGrantListResponseSchema,
  accessGrantParamsSchema,
  accessGrantResponseSchema,
  createAccessGrantSchema,
} from '@liftwacht/contracts/administration';
import { principalOf } from '../../plugins/auth.ts';
import type { AccessGrantsService } from './access-grants.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['administration'];

export function accessGrantsRoutes(app: FastifyInstance, service: AccessGrantsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/access-grants',
    {
      schema: {
        tags,
        summary: 'Access grants: every one for system-admin, those from or to the own organisation for admin',
        security: bearer,
        querystring: accessGrantListQuerySchema,
        response: { 200: accessGrantListResponseSchema },
      },
      ...app.guard('users.manage'),
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.list(principalOf(request), request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.post(
    '/admin/access-grants',
    {
      schema: {
        tags,
        summary: 'Let a maintenance or inspection company serve another organisation',
        security: bearer,
        body: createAccessGrantSchema,
        response: { 201: accessGrantResponseSchema },
      },
      ...app.guard('organisations.manage'),
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(request, request.body) }),
  );

  r.delete(
    '/admin/access-grants/:organisationId/:accessibleOrganisationId',
    {
      schema: {
        tags,
        summary: 'Revoke an access grant at once (answers the revoked grant)',
        security: bearer,
        params: accessGrantParamsSchema,
        response: { 200: accessGrantResponseSchema },
      },
      ...app.guard('organisations.manage'),
    },
    async (request) => {
      const { organisationId, accessibleOrganisationId } = request.params;
      return { data: await service.revoke(request, organisationId, accessibleOrganisationId) };
    },
  );
}
