// HTTP for reading the audit log. There is deliberately no route that changes it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema } from '@liftwacht/contracts/administration';
import { principalOf } from '../../plugins/auth.ts';
import type { AuditLogService } from './audit-log.service.ts';

export function auditLogRoutes(app: FastifyInstance, service: AuditLogService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['administration'],
        summary: 'The audit log, newest first: the own organisation for admin, every one for system-admin',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema },
      },
      ...app.guard('audit.view'),
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { items, total } = await service.list(principalOf(request), request.query);
      return { data: { items, pagination: { limit, offset }, total } };
    },
  );
}
