// Builds the Liftwacht server. Every plugin and module is listed here, in order, so the whole
// server is visible in one file.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { RequestLogController } from './lib/request-log.ts';
import { administrationRoutes } from './modules/administration/administration.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { callActionsPlugin } from './modules/calls/call-actions.plugin.ts';
import { callActionsRoutes } from './modules/calls/call-actions.routes.ts';
import { callsRoutes } from './modules/calls/calls.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { statsDetailsExportRoutes } from './modules/dashboard/stats-details-export.routes.ts';
import { periodComparisonExportRoutes } from './modules/dashboard/period-comparison-export.routes.ts';
import { eventsPlugin } from './modules/events/events.plugin.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { escalationSettingsRoutes } from './modules/escalations/escalation-settings.routes.ts';
import { escalationsPlugin } from './modules/escalations/escalations.plugin.ts';
import { getStartedRoutes } from './modules/get-started/get-started.routes.ts';
import { ingestPlugin } from './modules/ingest/ingest.plugin.ts';
import { ingestRoutes } from './modules/ingest/ingest.routes.ts';
import { inspectionsPlugin } from './modules/inspections/inspections.plugin.ts';
import { inspectionsRoutes } from './modules/inspections/inspections.routes.ts';
import { liftEditingRoutes } from './modules/lifts/lift-editing.routes.ts';
import { liftLogbookRoutes } from './modules/lifts/lift-logbook.routes.ts';
import { liftOnSiteRoutes } from './modules/lifts/lift-on-site.routes.ts';
import { liftStickersRoutes } from './modules/lift-stickers/lift-stickers.routes.ts';
import { liftListPlugin } from './modules/lifts/lift-export-rows.ts';
import { liftsPlugin } from './modules/lifts/lifts.plugin.ts';
import { liftImportsPlugin } from './modules/lift-spreadsheets/lift-imports.plugin.ts';
import { liftSpreadsheetsRoutes } from './modules/lift-spreadsheets/lift-spreadsheets.routes.ts';
import { liftsRoutes } from './modules/lifts/lifts.routes.ts';
import { metricsPlugin } from './modules/metrics/metrics.plugin.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { mailQueuePlugin } from './modules/notifications/mail-queue.plugin.ts';
import { organisationsRoutes } from './modules/organisations/organisations.routes.ts';
import { realtimePlugin } from './modules/realtime/realtime.plugin.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { reportDeliveriesRoutes } from './modules/reports/report-deliveries.routes.ts';
import { reportSubscriptionsRoutes } from './modules/reports/report-subscriptions.routes.ts';
import { savedReportsRoutes } from './modules/reports/saved-reports.routes.ts';
import { scheduledReportsPlugin } from './modules/reports/scheduled-reports.plugin.ts';
import { senseLabelsRoutes } from './modules/sense-labels/sense-labels.routes.ts';
import { senseModulesRoutes } from './modules/sense-modules/sense-modules.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { visitsPlugin } from './modules/visits/visits.plugin.ts';
import { visitsRoutes } from './modules/visits/visits.routes.ts';
import type { HostLookup } from './modules/webhooks/webhook-address.ts';
import { webhooksPlugin } from './modules/webhooks/webhooks.plugin.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/client-errors.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { corePlugin } from './plugins/core.ts';
import { errorsPlugin } from './plugins/errors.ts';
import type { Mailer } from './plugins/mail.ts';
import { mqttPlugin } from './plugins/mqtt.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { socketIoPlugin } from './plugins/socket-io.ts';
import { webPlugin } from './plugins/web.ts';
import { zodCompilersFactory } from './plugins/zod-compilers.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** How webhook hosts are resolved; the system resolver when omitted (tests pass their own). */
  webhookLookup?: HostLookup;
  /** Built web app to serve at /; omitted in API tests. */
  webDistDir?: string;
  logger?: boolean;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(deps.config),
    // One line per request (lib/request-log.ts).
    logController: new RequestLogController(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Spread the lifetime of a slow client's open connection over shutdown's grace period.
    forceCloseConnections: 'idle',
    // Errors before routing (malformed HTTP, headers over 16 KB, undecodable URLs) in the envelope too.
    clientErrorHandler,
    frameworkErrors,
    schemaController: { compilersFactory: zodCompilersFactory },
  });

  // Cross-cutting plugins
  await app.register(errorsPlugin);
  await app.register(corePlugin, deps);
  // app.metrics: what the modules count for GET /liftwacht/metrics (Prometheus), HTTP latency
  await app.register(metricsPlugin);
  await app.register(securityHeadersPlugin);
  // Before any route: API answers from 1 KB compressed (the web build is compressed at build time)
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(accessPlugin);
  await app.register(auditPlugin);
  // app.idempotency: writes that a repeated Idempotency-Key answers from the first answer
  await app.register(idempotencyPlugin);
  // Notification mails: the queue worker, and app.liftEvents that creates events and queues their mails
  await app.register(mailQueuePlugin);
  await app.register(eventsPlugin);
  // app.scheduledReports: monthly and quarterly organisation reports by mail
  await app.register(scheduledReportsPlugin);
  // app.liftWrites: creating and changing lifts (the lift form, spreadsheet imports)
  await app.register(liftsPlugin);
  // app.liftList: the whole lifts list of a search or criteria, in batches (the export)
  await app.register(liftListPlugin);
  // Realtime: Socket.IO, who may listen, module messages in (MQTT, HTTP) and out to browsers
  await app.register(socketIoPlugin);
  await app.register(realtimePlugin);
  await app.register(ingestPlugin);
  await app.register(mqttPlugin);
  // app.visits: the 12-hour visit timeout and visit changes announced to dashboards
  await app.register(visitsPlugin);
  // app.callActions: actions on alarm calls announced to browsers and outbound hooks
  await app.register(callActionsPlugin);
  // app.inspections: the pass that opens approval_expired once an approval has run out
  await app.register(inspectionsPlugin);
  // app.liftImports: the threads that read spreadsheet uploads, the pass that deletes expired imports
  await app.register(liftImportsPlugin);
  // app.webhooks: the outbox of call steps and events, the signed deliveries, enqueue() for modules
  await app.register(webhooksPlugin, { lookup: deps.webhookLookup });
  // app.escalations: the pass that mails subscribers about entrapments nobody acknowledged in time
  await app.register(escalationsPlugin, {
    // Inside the claim's transaction: the escalation and its webhook deliveries commit together.
    escalated: async (tx, escalation) => {
      await app.webhooks.enqueueCall(tx, {
        callId: escalation.callId,
        kind: 'call.escalated',
        subjectKey: `call.escalated:${String(escalation.callId)}:${String(escalation.level)}`,
        occurredAt: escalation.escalatedAt,
        extra: { escalation: { level: escalation.level, limitMinutes: escalation.limitMinutes } },
      });
    },
  });

  // Feature modules under /liftwacht
  await app.register(
    (api) => {
      systemRoutes(api);
      authRoutes(api);
      organisationsRoutes(api);
      dashboardRoutes(api);
      statsDetailsExportRoutes(api);
      periodComparisonExportRoutes(api);
      reportsRoutes(api);
      savedReportsRoutes(api);
      reportSubscriptionsRoutes(api);
      reportDeliveriesRoutes(api);
      eventsRoutes(api);
      callsRoutes(api);
      callActionsRoutes(api);
      subscriptionsRoutes(api);
      liftsRoutes(api);
      liftEditingRoutes(api);
      liftLogbookRoutes(api);
      liftOnSiteRoutes(api);
      liftSpreadsheetsRoutes(api);
      liftStickersRoutes(api);
      visitsRoutes(api);
      inspectionsRoutes(api);
      realtimeRoutes(api);
      ingestRoutes(api);
      administrationRoutes(api);
      getStartedRoutes(api);
      senseModulesRoutes(api);
      senseLabelsRoutes(api);
      webhooksRoutes(api);
      escalationSettingsRoutes(api);
      metricsRoutes(api);
      return Promise.resolve();
    },
    { prefix: '/liftwacht' },
  );

  // The web app last: its catch-all must not shadow API routes.
  if (deps.webDistDir) await app.register(webPlugin, { distDir: deps.webDistDir });

  return app;
}
