// Runs the mail queue worker for the app's lifetime: started when the app is ready, stopped (with
// the pass in flight finished) when it closes, before the mailer and database go away.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailQueueRepository } from './mail-queue.repository.ts';
import { defaultMailQueueSettings, MailQueueWorker, type MailQueueSettings } from './mail-queue-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue of outgoing notification mails: `wake()` after queueing, `drain()` in tests. */
    mailQueue: MailQueueWorker;
  }
}

export interface MailQueuePluginOptions {
  settings?: Partial<MailQueueSettings>;
}

export const mailQueuePlugin = fp(
  (app: FastifyInstance, opts: MailQueuePluginOptions) => {
    const worker = new MailQueueWorker(
      new MailQueueRepository(app.db),
      app.mailer,
      app.clock,
      app.log.child({ module: 'mail-queue' }),
      { ...defaultMailQueueSettings, ...opts.settings },
    );
    app.decorate('mailQueue', worker);
    app.metrics.readMailQueueDepth(() => worker.depth());
    app.addHook('onReady', () => {
      worker.start();
      return Promise.resolve();
    });
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'mail-queue', dependencies: ['core', 'metrics'] },
);
