// HTTP for alarm calls (spec §2 /alarm-calls "Calls" and /current-calls).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  callListQuerySchema,
  callListResponseSchema,
  currentCallsQuerySchema,
  currentCallsResponseSchema,
} from '@liftwacht/contracts/calls';
import { principalOf } from '../../plugins/auth.ts';
import { CallsRepository } from './calls.repository.ts';
import { CallsService } from './calls.service.ts';

const bearer = [{ bearerAuth: [] }];

export function callsRoutes(app: FastifyInstance): void {
  const service = new CallsService(new CallsRepository(app.db), app.access, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/calls',
    {
      schema: {
        tags: ['calls'],
        summary: "An organisation's alarm calls received in a period, with totals per kind",
        security: bearer,
        querystring: callListQuerySchema,
        response: { 200: callListResponseSchema },
      },
      ...app.guard('calls.view'),
    },
    async (request) => {
      const { items, total, totals } = await service.list(principalOf(request), request.query);
      return {
        data: { items, pagination: { limit: request.query.limit, offset: request.query.offset }, total, totals },
      };
    },
  );

  r.get(
    '/calls/current',
    {
      schema: {
        tags: ['calls'],
        summary: 'Alarm calls not yet ended, with how long each has been running',
        security: bearer,
        querystring: currentCallsQuerySchema,
        response: { 200: currentCallsResponseSchema },
      },
      ...app.guard('calls.current'),
    },
    async (request) => {
      const { items, total } = await service.current(principalOf(request), request.query);
      return { data: { items, pagination: { limit: request.query.limit, offset: request.query.offset }, total } };
    },
  );
}
