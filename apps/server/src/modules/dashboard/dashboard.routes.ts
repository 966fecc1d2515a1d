// HTTP for the dashboard: GET /stats, /stats/details and /current-state (spec §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentStateQuerySchema,
  currentStateResponseSchema,
  servedStatsResponseSchema,
  statsDetailsQuerySchema,
  statsDetailsResponseSchema,
  statsQuerySchema,
  statsResponseSchema,
} from '@liftwacht/contracts/dashboard';
import { principalOf } from '../../plugins/auth.ts';
import { AlarmFiguresRepository } from './alarm-figures.repository.ts';
import { sql } from 'drizzle-orm';
import { availabilityChannel } from '../../db/rollups/availability-rollup.ts';
import { AlarmMonthCache } from './alarm-month-cache.ts';
import { AvailabilityMonthCache } from './availability-month-cache.ts';
import { sharedChannelHandlers } from '../../db/notification-barriers.ts';
import { AvailabilityRepository } from './availability.repository.ts';
import { CurrentConditionsRepository } from './current-conditions.repository.ts';
import { CurrentCounts } from './current-counts.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { DashboardService } from './dashboard.service.ts';
import { PeriodFiguresRepository, type MaintenanceSnapshot } from './period-figures.repository.ts';
import { ServedStatsService } from './served-stats.ts';
import { SignalKeptCache } from './signal-kept-cache.ts';

const bearer = [{ bearerAuth: [] }];

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's figures, for modules that report them too (the PDF report). */
    dashboard: DashboardService;
  }
}

export function dashboardRoutes(app: FastifyInstance): void {
  // Whole months of the availability rollup in memory, kept right by the rollup's change signals.
  // Beside them the alarm figures' finished months and the maintenance figures' inputs, kept right
  // by their triggers' signals on the same channel (one listening connection for all three).
  const notify = async (payload: string) => {
    await app.db.execute(sql`select pg_notify(${availabilityChannel}, ${payload})`);
  };
  const months = new AvailabilityMonthCache(notify);
  const alarmMonths = new AlarmMonthCache(notify);
  const maintenance = new SignalKeptCache<MaintenanceSnapshot>('maintenance', notify);
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(
      availabilityChannel,
      sharedChannelHandlers([months.handlers, alarmMonths.handlers, maintenance.handlers]),
    );
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
  });
  const repository = new DashboardRepository(app.db);
  const availability = new AvailabilityRepository(app.db, months);
  const conditions = new CurrentConditionsRepository(app.db);
  const service = new DashboardService(
    repository,
    availability,
    conditions,
    new PeriodFiguresRepository(app.db),
    new AlarmFiguresRepository(app.db),
    app.access,
    app.clock,
    alarmMonths,
    maintenance,
  );
  app.decorate('dashboard', service);
  const served = new ServedStatsService(
    repository,
    conditions,
    new CurrentCounts(conditions, availability),
    app.access,
    app.clock,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard figures: the current view without from/to, the period view with them',
        security: bearer,
        querystring: statsQuerySchema,
        response: { 200: statsResponseSchema },
      },
      ...app.guard('dashboard.view'),
    },
    async (request) => ({ data: await service.stats(principalOf(request), request.query) }),
  );

  r.get(
    '/stats/served',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "The current view's two always-shown figures over every lift the caller's company serves (the mechanic's dashboard)",
        security: bearer,
        response: { 200: servedStatsResponseSchema },
      },
      ...app.guard('dashboard.view'),
    },
    async (request) => ({ data: await served.stats(principalOf(request)) }),
  );

  r.get(
    '/stats/details',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The lifts behind a dashboard figure, with the value that put each there',
        security: bearer,
        querystring: statsDetailsQuerySchema,
        response: { 200: statsDetailsResponseSchema },
      },
      ...app.guard('stats.details'),
    },
    async (request) => {
      const { items, total } = await service.details(principalOf(request), request.query);
      return { data: { items, pagination: { limit: request.query.limit, offset: request.query.offset }, total } };
    },
  );

  r.get(
    '/current-state',
    {
      schema: {
        tags: ['dashboard'],
        summary: "Each lift's current statuses (organisationId 0: none chosen, empty list)",
        security: bearer,
        querystring: currentStateQuerySchema,
        response: { 200: currentStateResponseSchema },
      },
      ...app.guard('dashboard.view'),
    },
    async (request) => ({ data: await service.currentState(principalOf(request), request.query.organisationId) }),
  );
}
