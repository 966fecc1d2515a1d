// The process-wide parts every module uses, decorated onto the app once.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import { BackgroundTasks } from '../lib/background-tasks.ts';
import type { Clock } from '../lib/clock.ts';
import { memoryRateLimits, redisRateLimits, type RateLimits } from '../lib/rate-limits.ts';
import type { Mailer } from './mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    tasks: BackgroundTasks;
    /** Abuse limit counters: in Redis when REDIS_URL is set (shared by all nodes), else in memory. */
    rateLimits: RateLimits;
  }
}

export interface CoreOptions {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
}

export const corePlugin = fp(
  async (app: FastifyInstance, opts: CoreOptions) => {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.decorate('clock', opts.clock);
    app.decorate('mailer', opts.mailer);
    app.decorate('tasks', new BackgroundTasks(app.log));
    app.decorate(
      'rateLimits',
      opts.config.redisUrl ? await redisRateLimits(opts.config.redisUrl, app.log) : memoryRateLimits(),
    );
    // Mail and notifications started by a request finish before the database closes.
    app.addHook('onClose', async () => {
      await app.tasks.idle();
      opts.mailer.close();
      await app.rateLimits.close();
    });
  },
  { name: 'core' },
);
