// Liveness, readiness and the product version shown on the login page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthResponseSchema, readyResponseSchema, versionResponseSchema } from '@liftwacht/contracts/system';
import rootPackage from '../../../../../package.json' with { type: 'json' };
import { readinessChecks } from './readiness.ts';

// Imported rather than read at run time, so the built server (one bundle in apps/server/dist) has it too.
const productVersion = z.object({ version: z.string() }).parse(rootPackage).version;

export function systemRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/version',
    { schema: { tags: ['system'], summary: 'Product version', response: { 200: versionResponseSchema } } },
    () => Promise.resolve({ data: { version: productVersion } }),
  );

  r.get('/health', { schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthResponseSchema } } }, () =>
    Promise.resolve({ status: 'ok' as const }),
  );

  r.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database, the MQTT broker and (with REDIS_URL) Redis reachable; 503 names the failed ones',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const checks = await readinessChecks(app);
      const ready = Object.values(checks).every((c) => c === 'ok');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
}
