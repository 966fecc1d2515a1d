// HTTP for the people of organisations under /liftwacht/admin/users.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  inviteUserSchema,
  updateUserSchema,
  userVersionSchema,
} from '@liftwacht/contracts/administration';
import { idParamSchema } from '@liftwacht/contracts/common';
import { principalOf } from '../../plugins/auth.ts';
import type { AdminUsersService } from './admin-users.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['administration'];

export function adminUsersRoutes(app: FastifyInstance, service: AdminUsersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.guard('users.manage');

  r.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'People: of the own organisation for admin, of every one for system-admin',
        security: bearer,
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListResponseSchema },
      },
      ...guard,
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.list(principalOf(request), request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.get(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'One person the caller administers (404 otherwise)',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminUserResponseSchema },
      },
      ...guard,
    },
    async (request) => ({ data: await service.get(principalOf(request), request.params.id) }),
  );

  r.post(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Invite a person: the account exists at once and a mail with a 7-day link follows',
        security: bearer,
        body: inviteUserSchema,
        response: { 201: adminUserResponseSchema },
      },
      ...guard,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.invite(request, principalOf(request), request.body) }),
  );

  r.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Change roles, name, email or language (409 on a stale version or for the last administrator)',
        security: bearer,
        params: idParamSchema,
        body: updateUserSchema,
        response: { 200: adminUserResponseSchema },
      },
      ...guard,
    },
    async (request) => ({
      data: await service.update(request, principalOf(request), request.params.id, request.body),
    }),
  );

  const versioned = (path: string, summary: string, action: 'disable' | 'enable' | 'resendInvitation') =>
    r.post(
      path,
      {
        schema: {
          tags,
          summary,
          security: bearer,
          params: idParamSchema,
          body: userVersionSchema,
          response: { 200: adminUserResponseSchema },
        },
        ...guard,
      },
      async (request) => ({
        data: await service[action](request, principalOf(request), request.params.id, request.body.version),
      }),
    );
  versioned('/admin/users/:id/disable', 'Disable a person: their sessions and sockets end at once', 'disable');
  versioned('/admin/users/:id/enable', 'Enable a disabled person again', 'enable');
  versioned(
    '/admin/users/:id/invitation',
    'Send a new invitation (the previous link stops working); only while the invitation is open',
    'resendInvitation',
  );
}
