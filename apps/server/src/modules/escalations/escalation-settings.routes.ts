// HTTP for an organisation's escalation limits (issue 19).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@liftwacht/contracts/common';
import { escalationSettingsResponseSchema, updateEscalationSettingsSchema } from '@liftwacht/contracts/escalations';
import { principalOf } from '../../plugins/auth.ts';
import { EscalationSettingsRepository } from './escalation-settings.repository.ts';
import { EscalationSettingsService } from './escalation-settings.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['escalations'];

export function escalationSettingsRoutes(app: FastifyInstance): void {
  const service = new EscalationSettingsService(
    new EscalationSettingsRepository(app.db),
    app.access,
    app.audit,
    app.clock,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/organisations/:id/escalation-settings',
    {
      schema: {
        tags,
        summary: 'When an unacknowledged entrapment of the organisation escalates (minutes after its start)',
        security: bearer,
        params: idParamSchema,
        response: { 200: escalationSettingsResponseSchema },
      },
      ...app.guard('calls.view'),
    },
    async (request) => ({ data: await service.get(principalOf(request), request.params.id) }),
  );

  r.put(
    '/organisations/:id/escalation-settings',
    {
      schema: {
        tags,
        summary:
          "Change the organisation's escalation limits (its own admin or system-admin; 409 with the current ones on a stale version)",
        security: bearer,
        params: idParamSchema,
        body: updateEscalationSettingsSchema,
        response: { 200: escalationSettingsResponseSchema },
      },
      ...app.guard('escalations.manage'),
    },
    async (request) => {
      const data = await service.update(request, request.params.id, request.body);
      // New limits move the next escalation to come.
      app.escalations.job.wake();
      return { data };
    },
  );
}
