// HTTP for module reading names (issue 41): the organisation's own names over the defaults
// (administration page) and the merged labels every lift page reads (GET /sense/configuration).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@liftwacht/contracts/common';
import { senseConfigurationQuerySchema, senseConfigurationResponseSchema } from '@liftwacht/contracts/sense';
import {
  deleteSenseLabelQuerySchema,
  putSenseLabelSchema,
  senseLabelParamsSchema,
  senseLabelResponseSchema,
  senseLabelsQuerySchema,
  senseLabelsResponseSchema,
} from '@liftwacht/contracts/sense-labels';
import { SenseLabelsRepository } from './sense-labels.repository.ts';
import { SenseLabelsService } from './sense-labels.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['sense-labels'];

export function senseLabelsRoutes(app: FastifyInstance): void {
  const service = new SenseLabelsService(new SenseLabelsRepository(app.db), app.access, app.audit, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sense/configuration',
    {
      schema: {
        tags,
        summary:
          "Module reading labels (type=label): the organisation's own names over the built-in defaults, in the caller's language",
        security: bearer,
        querystring: senseConfigurationQuerySchema,
        response: { 200: senseConfigurationResponseSchema },
      },
      ...app.guard('lifts.view'),
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.configuration(request, request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );

  r.get(
    '/organisations/:id/sense-labels',
    {
      schema: {
        tags,
        summary: "Every standard reading and the organisation's own names, with the defaults in Dutch and English",
        security: bearer,
        params: idParamSchema,
        querystring: senseLabelsQuerySchema,
        response: { 200: senseLabelsResponseSchema },
      },
      ...app.guard('modules.manage'),
    },
    async (request) => ({ data: await service.list(request, request.params.id, request.query.locale) }),
  );

  r.put(
    '/organisations/:id/sense-labels/:key',
    {
      schema: {
        tags,
        summary:
          'Name a reading (its own admin or system-admin; version null for a first name, 409 with the current one on a stale version)',
        security: bearer,
        params: senseLabelParamsSchema,
        body: putSenseLabelSchema,
        response: { 200: senseLabelResponseSchema },
      },
      ...app.guard('modules.manage'),
    },
    async (request) => ({
      data: await service.put(request, request.params.id, request.params.key, request.body),
    }),
  );

  r.delete(
    '/organisations/:id/sense-labels/:key',
    {
      schema: {
        tags,
        summary: 'Give a reading its default name back (409 on a stale version)',
        security: bearer,
        params: senseLabelParamsSchema,
        querystring: deleteSenseLabelQuerySchema,
      },
      ...app.guard('modules.manage'),
    },
    async (request, reply) => {
      await service.reset(request, request.params.id, request.params.key, request.query.version);
      return reply.code(204).send();
    },
  );
}
