// HTTP for ingest: batches of module messages, authenticated per module key (DESIGN §6).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ingestBatchRequestSchema, ingestBatchResponseSchema, moduleKeyHeader } from '@liftwacht/contracts/ingest';
import { HttpIngestService } from './http-ingest.service.ts';
import { ModuleKeysRepository } from './module-keys.repository.ts';

export function ingestRoutes(app: FastifyInstance): void {
  const service = new HttpIngestService(new ModuleKeysRepository(app.db), app.ingest.pipeline, app.clock);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The module of each request, known before its body is parsed: a caller without a valid key gets
  // 401 whatever it sends.
  const modules = new WeakMap<object, string>();

  r.post(
    '/ingest',
    {
      schema: {
        tags: ['ingest'],
        summary: 'Store a batch of module and provisioning messages (idempotent per message id)',
        description:
          'Authenticated with the module key (`x-module-key: {es}.{secret}`, see `npm run module-key`). ' +
          'Each item is `{ kind: "module", id, t, f }` or `{ kind: "provisioning", id, t, e }` as on MQTT. ' +
          'Bad items are reported in `rejected` and the rest stored; repeats of stored ids count as duplicates.',
        headers: z.looseObject({ [moduleKeyHeader]: z.string().optional() }),
        body: ingestBatchRequestSchema,
        response: { 200: ingestBatchResponseSchema },
      },
      config: { access: 'module-key' },
      onRequest: async (request) => {
        const header: unknown = request.headers[moduleKeyHeader];
        modules.set(request, await service.authenticate(typeof header === 'string' ? header : undefined));
      },
    },
    async (request) => {
      const esNumber = modules.get(request);
      if (esNumber === undefined) throw new Error('ingest request without an authenticated module');
      return { data: await service.ingest(esNumber, request.body.messages) };
    },
  );
}
