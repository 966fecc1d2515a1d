// The scheduled reports job as app.scheduledReports: started by main.ts (`runOnce()` in tests),
// stopped with the app before the mail queue and database go away.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SavedReportsRepository } from './saved-reports.repository.ts';
import { ScheduledReportsJob, type ScheduledReportsSettings } from './scheduled-reports.ts';
import { ScheduledReportsRepository } from './scheduled-reports.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    scheduledReports: ScheduledReportsJob;
  }
}

export interface ScheduledReportsPluginOptions {
  settings?: ScheduledReportsSettings;
}

export const scheduledReportsPlugin = fp(
  (app: FastifyInstance, opts: ScheduledReportsPluginOptions) => {
    const job = new ScheduledReportsJob(
      {
        db: app.db,
        repository: new ScheduledReportsRepository(app.db),
        saved: new SavedReportsRepository(app.db),
        mailQueue: app.mailQueue,
        clock: app.clock,
        publicUrl: app.config.publicUrl,
        log: app.log.child({ module: 'scheduled-reports' }),
      },
      opts.settings,
    );
    app.decorate('scheduledReports', job);
    app.addHook('onClose', () => job.stop());
  },
  { name: 'scheduled-reports', dependencies: ['core', 'mail-queue'] },
);
