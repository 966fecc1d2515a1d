// The inspections module's background side as app.inspections: the pass that opens approval_expired
// once an approval has run out (started by main.ts, `runOnce()` in tests), and `imports`, the
// inspections a spreadsheet import reads and adds (inspection-imports.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApprovalExpiryJob } from './approval-expiry.ts';
import { ApprovalExpiryRepository } from './approval-expiry.repository.ts';
import { InspectionImports } from './inspection-imports.ts';
import { InspectionImportsRepository } from './inspection-imports.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    inspections: { expiry: ApprovalExpiryJob; imports: InspectionImports };
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
    const imports = new InspectionImports(new InspectionImportsRepository(), app.clock, {
      events: app.liftEvents,
      audit: app.audit,
      committed: (organisationId) => {
        try {
          app.mailQueue.wake();
          app.realtime.publisher.organisationChanged(organisationId, ['events']);
        } catch (err) {
          app.log.error({ err }, 'could not announce imported inspections');
        }
      },
    });
    app.decorate('inspections', { expiry, imports });
    app.addHook('onClose', () => expiry.stop());
  },
  { name: 'inspections', dependencies: ['core', 'lift-events', 'mail-queue', 'realtime'] },
);
