// The escalation side of alarm handling as app.escalations: the pass that mails subscribers about
// entrapments nobody acknowledged in time (started by main.ts, `runOnce()` in tests). `escalated`
// is told of each escalation inside its claim's transaction (e.g. to queue a webhook delivery).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EscalationClaimsRepository } from './escalation-claims.repository.ts';
import { EscalationJob, type EscalatedHook } from './escalation-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    escalations: { job: EscalationJob };
  }
}

export interface EscalationsPluginOptions {
  escalated?: EscalatedHook;
}

export const escalationsPlugin = fp(
  (app: FastifyInstance, opts: EscalationsPluginOptions) => {
    const job = new EscalationJob({
      db: app.db,
      claims: new EscalationClaimsRepository(app.db),
      mailQueue: app.mailQueue,
      clock: app.clock,
      publicUrl: app.config.publicUrl,
      log: app.log.child({ module: 'escalations' }),
      escalated: opts.escalated,
    });
    app.decorate('escalations', { job });
    // An entrapment that came in, or an action on a call (acknowledged, its kind set), moves the next
    // limit to come: the pass looks again and sets its timer (the interval covers other nodes).
    app.callActions.onChange(() => job.wake());
    app.ingest.onCommitted((batch) => {
      if ([...batch.organisations.values()].some((kinds) => kinds.has('calls'))) job.wake();
    });
    app.addHook('onClose', () => job.stop());
  },
  { name: 'escalations', dependencies: ['core', 'mail-queue', 'call-actions', 'ingest'] },
);
