// app.metrics for every module, and the HTTP latency of every response. On only with METRICS_TOKEN:
// without it nothing is recorded and GET /liftwacht/metrics answers 404.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAppMetrics, noMetrics, type AppMetrics } from './app-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The label of a request no route matched: raw URLs would give every scanner's path a series. */
const unmatchedRoute = 'unmatched';

export const metricsPlugin = fp(
  (app: FastifyInstance) => {
    if (!app.config.metricsToken) {
      app.decorate('metrics', noMetrics);
      return;
    }
    const log = app.log.child({ module: 'metrics' });
    const metrics = createAppMetrics((what, err) => log.warn({ err }, `metrics: could not read ${what}`));
    app.decorate('metrics', metrics);
    const { database } = app;
    metrics.readPool(database.kind, () => database.poolStats?.() ?? { total: 1, idle: null, waiting: null });
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpResponse(
        request.routeOptions.url ?? unmatchedRoute,
        request.method,
        reply.statusCode,
        reply.elapsedTime,
      );
      done();
    });
  },
  { name: 'metrics', dependencies: ['core'] },
);
