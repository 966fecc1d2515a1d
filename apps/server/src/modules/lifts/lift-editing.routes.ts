// HTTP for the lift form under /liftwacht/admin/lifts: create a lift, edit or decommission one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createLiftSchema, editedLiftResponseSchema, updateLiftSchema } from '@liftwacht/contracts/lift-editing';
import { liftIdParamSchema } from '@liftwacht/contracts/lifts';
import { LiftEditingService } from './lift-editing.service.ts';
import { LiftsRepository } from './lifts.repository.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['lifts'];

export function liftEditingRoutes(app: FastifyInstance): void {
  const service = new LiftEditingService(app.db, new LiftsRepository(app.db), app.liftWrites, app.access);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canManage = app.guard('lifts.manage');

  r.post(
    '/admin/lifts',
    {
      schema: {
        tags,
        summary: 'Create a lift in the own organisation (any organisation for system-admin)',
        security: bearer,
        body: createLiftSchema,
        response: { 201: editedLiftResponseSchema },
      },
      ...canManage,
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(request, request.body) }),
  );

  r.patch(
    '/admin/lifts/:id',
    {
      schema: {
        tags,
        summary: 'Edit or decommission a lift of the own organisation (409 with the current lift on a stale version)',
        security: bearer,
        params: liftIdParamSchema,
        body: updateLiftSchema,
        response: { 200: editedLiftResponseSchema },
      },
      ...canManage,
    },
    async (request) => ({ data: await service.update(request, request.params.id, request.body) }),
  );
}
