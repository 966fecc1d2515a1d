// HTTP for sense modules under /liftwacht/admin (issue 17): the modules list and page, registering,
// linking and key rotation, and the ES numbers that send messages nobody registered.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@liftwacht/contracts/common';
import {
  linkModuleSchema,
  moduleListQuerySchema,
  moduleListResponseSchema,
  moduleResponseSchema,
  moduleWithKeyResponseSchema,
  registerModuleSchema,
  rotateModuleKeySchema,
  unregisteredModuleListQuerySchema,
  unregisteredModuleListResponseSchema,
} from '@liftwacht/contracts/sense-modules';
import { principalOf } from '../../plugins/auth.ts';
import { SenseModulesRepository } from './sense-modules.repository.ts';
import { SenseModulesService } from './sense-modules.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['sense-modules'];

export function senseModulesRoutes(app: FastifyInstance): void {
  const service = new SenseModulesService(new SenseModulesRepository(app.db), app.access, app.audit, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/modules',
    {
      schema: {
        tags,
        summary: 'Modules registered by, or fitted in lifts of, the organisations in scope',
        security: bearer,
        querystring: moduleListQuerySchema,
        response: { 200: moduleListResponseSchema },
      },
      ...app.guard('modules.manage'),
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.list(principalOf(request), request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.get(
    '/admin/modules/:id',
    {
      schema: {
        tags,
        summary: 'One module with every lift it was in and its last provisioning message (404 outside the scope)',
        security: bearer,
        params: idParamSchema,
        response: { 200: moduleResponseSchema },
      },
      ...app.guard('modules.manage'),
    },
    async (request) => ({ data: await service.get(principalOf(request), request.params.id) }),
  );

  r.post(
    '/admin/modules',
    {
      schema: {
        tags,
        summary: 'Register a module by its ES number; the answer carries its ingest key, shown this once',
        description:
          '409 when the ES number is registered already. An ES number from the unregistered list is claimed.',
        security: bearer,
        body: registerModuleSchema,
        response: { 201: moduleWithKeyResponseSchema },
      },
      ...app.guard('modules.manage'),
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.register(request, principalOf(request), request.body) }),
  );

  r.post(
    '/admin/modules/:id/link',
    {
      schema: {
        tags,
        summary: 'Fit the module in a lift, move it to another one, or take it out (liftId null)',
        description:
          'The old link ends and the new one starts at the same moment; readings before it stay with the old lift. ' +
          '409 when the lift holds another module or the version is stale.',
        security: bearer,
        params: idParamSchema,
        body: linkModuleSchema,
        response: { 200: moduleResponseSchema },
      },
      ...app.guard('modules.manage'),
    },
    async (request) => ({
      data: await service.link(request, principalOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/admin/modules/:id/key',
    {
      schema: {
        tags,
        summary: 'Give the module a new ingest key (shown this once); the old one stops working at once',
        security: bearer,
        params: idParamSchema,
        body: rotateModuleKeySchema,
        response: { 200: moduleWithKeyResponseSchema },
      },
      ...app.guard('modules.manage'),
    },
    async (request) => ({
      data: await service.rotateKey(request, principalOf(request), request.params.id, request.body),
    }),
  );

  r.get(
    '/admin/unregistered-modules',
    {
      schema: {
        tags,
        summary: 'ES numbers that sent messages nobody registered a module for, most recently heard first',
        security: bearer,
        querystring: unregisteredModuleListQuerySchema,
        response: { 200: unregisteredModuleListResponseSchema },
      },
      ...app.guard('modules.manage'),
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.unregistered(request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );
}
