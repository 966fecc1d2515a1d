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
    },
    async (request) => {
      const esNumber = await service.authenticate(request.headers[moduleKeyHeader]);
      return { data: await service.ingest(esNumber, request.body.messages) };
    },
  );
}
