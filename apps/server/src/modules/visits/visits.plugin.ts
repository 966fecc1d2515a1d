// The visits module's background side as app.visits: the 12-hour timeout job (started by main.ts,
// `runOnce()` in tests), how a change of visits reaches the organisation's dashboards, and
// `imports`, the maintenance visits a spreadsheet import reads and adds (visit-imports.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VisitImports } from './visit-imports.ts';
import { VisitImportsRepository } from './visit-imports.repository.ts';
import { VisitTimeoutJob } from './visit-timeouts.ts';
import { VisitWritesRepository } from './visit-writes.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    visits: {
      timeouts: VisitTimeoutJob;
      /** Announces a committed change of the organisation's visits (dashboards, lift statuses). */
      changed: (organisationId: number) => void;
      imports: VisitImports;
    };
  }
}

export const visitsPlugin = fp(
  (app: FastifyInstance) => {
    const changed = (organisationId: number) => {
      // Stored is stored: failing to tell browsers must not fail the write.
      try {
        app.realtime.publisher.organisationChanged(organisationId, ['visits']);
      } catch (err) {
        app.log.error({ err }, 'could not publish a visit change');
      }
    };
    const timeouts = new VisitTimeoutJob(
      app.db,
      new VisitWritesRepository(),
      app.clock,
      changed,
      () => app.idempotency.purgeExpired(),
      app.log.child({ module: 'visit-timeouts' }),
    );
    const imports = new VisitImports(new VisitImportsRepository(), app.audit, changed);
    app.decorate('visits', { timeouts, changed, imports });
    app.addHook('onClose', () => timeouts.stop());
  },
  { name: 'visits', dependencies: ['core', 'realtime', 'idempotency'] },
);
