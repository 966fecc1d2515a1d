// The inspections module's background side as app.inspections: the pass that opens approval_expired
// once an approval has run out (started by main.ts, `runOnce()` in tests).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApprovalExpiryJob } from './approval-expiry.ts';
import { ApprovalExpiryRepository } from './approval-expiry.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    inspections: { expiry: ApprovalExpiryJob };
  }
}

export const inspectionsPlugin = fp(
  (app: FastifyInstance) => {
    const expiry = new ApprovalExpiryJob(
      new ApprovalExpiryRepository(app.db),
      app.clock,
      {
        events: app.liftEvents,
        committed: (organisationIds) => {
          // Stored is stored: failing to tell mail and browsers must not fail the pass.
          try {
            app.mailQueue.wake();
            for (const id of organisationIds) app.realtime.publisher.organisationChanged(id, ['events']);
          } catch (err) {
            app.log.error({ err }, 'could not announce expired approvals');
          }
        },
      },
      app.log.child({ module: 'approval-expiry' }),
    );
    app.decorate('inspections', { expiry });
    app.addHook('onClose', () => expiry.stop());
  },
  { name: 'inspections', dependencies: ['core', 'lift-events', 'mail-queue', 'realtime'] },
);
