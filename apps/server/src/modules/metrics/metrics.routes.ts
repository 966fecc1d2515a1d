// GET /liftwacht/metrics: Prometheus text format, for a scraper holding METRICS_TOKEN. Unset: 404,
// as if there were no such route. A missing bearer token answers 401, a wrong one 403.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, unauthorized } from '../../lib/app-error.ts';

/** Equal-length digests, so the comparison takes as long whatever the token's length. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function metricsRoutes(app: FastifyInstance): void {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary:
          'Prometheus metrics (text format): HTTP latency, ingest, sockets, database pool, mail queue, event loop. ' +
          '404 unless METRICS_TOKEN is set; then Authorization: Bearer <METRICS_TOKEN>',
      },
    },
    async (request, reply) => {
      const expected = app.config.metricsToken;
      if (!expected || !app.metrics.enabled) throw notFound();
      const header = request.headers.authorization;
      if (!header) throw unauthorized();
      const match = /^Bearer (.+)$/i.exec(header);
      if (!match?.[1]) throw unauthorized('unauthorized', 'Bearer token required');
      if (!sameToken(match[1], expected)) throw new AppError(403, 'forbidden', 'Not the metrics token');
      const { contentType, text } = await app.metrics.scrape();
      return reply.type(contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
