// HTTP for acting on an alarm call (issue 19): the call with its lifecycle, whom it may be assigned
// to, and the five actions. Every action answers the call as it is now.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acknowledgeCallBodySchema,
  addCallNoteBodySchema,
  assignCallBodySchema,
  callAssigneesResponseSchema,
  callDetailResponseSchema,
  callIdParamSchema,
  endCallBodySchema,
  passengerFreedBodySchema,
} from '@liftwacht/contracts/call-actions';
import { idempotencyKeyHeader, idempotencyKeySchema } from '@liftwacht/contracts/visits';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import { CallActionsRepository } from './call-actions.repository.ts';
import { CallActionsService } from './call-actions.service.ts';

const bearer = [{ bearerAuth: [] }];
/** Optional on every action: a repeat with the same key (a double tap) answers the first answer. */
const idempotencyHeaders = z.looseObject({ [idempotencyKeyHeader]: idempotencyKeySchema.optional() });

export function callActionsRoutes(app: FastifyInstance): void {
  const service = new CallActionsService({
    db: app.db,
    repository: new CallActionsRepository(),
    access: app.access,
    audit: app.audit,
    idempotency: app.idempotency,
    clock: app.clock,
    events: app.liftEvents,
    changed: (call, action) => app.callActions.changed(call, action),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canHandle = app.guard('calls.handle');
  const action = (summary: string) => ({
    tags: ['calls'],
    summary,
    security: bearer,
    params: callIdParamSchema,
    headers: idempotencyHeaders,
    response: { 200: callDetailResponseSchema },
  });

  r.get(
    '/calls/:callId',
    {
      schema: {
        tags: ['calls'],
        summary: 'One alarm call with its lifecycle, step by step (404 outside your organisations)',
        security: bearer,
        params: callIdParamSchema,
        response: { 200: callDetailResponseSchema },
      },
      ...app.guard('calls.view'),
    },
    async (request) => ({ data: await service.detail(principalOf(request), request.params.callId) }),
  );

  r.get(
    '/calls/:callId/assignees',
    {
      schema: {
        tags: ['calls'],
        summary: 'Whom the call may be assigned to: people and maintenance companies serving its organisation',
        security: bearer,
        params: callIdParamSchema,
        response: { 200: callAssigneesResponseSchema },
      },
      ...canHandle,
    },
    async (request) => ({ data: await service.assignees(principalOf(request), request.params.callId) }),
  );

  r.post(
    '/calls/:callId/acknowledge',
    {
      schema: {
        ...action('Acknowledge a call (409 when already acknowledged, ended or changed)'),
        body: acknowledgeCallBodySchema,
      },
      ...canHandle,
    },
    async (request, reply) => ({
      data: await service.acknowledge(request, reply, request.params.callId, request.body.version),
    }),
  );

  r.post(
    '/calls/:callId/assign',
    {
      schema: {
        ...action('Assign a call to a person or a maintenance company, or take it back'),
        body: assignCallBodySchema,
      },
      ...canHandle,
    },
    async (request, reply) => ({ data: await service.assign(request, reply, request.params.callId, request.body) }),
  );

  r.post(
    '/calls/:callId/notes',
    {
      schema: { ...action('Add a note to a call'), body: addCallNoteBodySchema },
      ...canHandle,
    },
    async (request, reply) => ({
      data: await service.addNote(request, reply, request.params.callId, request.body.text),
    }),
  );

  r.post(
    '/calls/:callId/passenger-freed',
    {
      schema: { ...action('Record when the trapped passenger was freed'), body: passengerFreedBodySchema },
      ...canHandle,
    },
    async (request, reply) => ({
      data: await service.passengerFreed(request, reply, request.params.callId, request.body),
    }),
  );

  r.post(
    '/calls/:callId/end',
    {
      schema: {
        ...action('End a call and say what it was (409 when already ended or changed)'),
        body: endCallBodySchema,
      },
      ...canHandle,
    },
    async (request, reply) => ({ data: await service.end(request, reply, request.params.callId, request.body) }),
  );
}
