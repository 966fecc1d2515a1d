// The lift import's shared parts as app.liftImports: the spreadsheet worker threads that read
// uploads and unpack stored sheets (spreadsheet-worker-host.ts), and the pass that deletes expired
// imports (lift-imports-expiry.ts; started by main.ts, `runOnce()` in tests). Both stop with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiftImportExpiryJob } from './lift-imports-expiry.ts';
import { LiftImportsRepository } from './lift-imports.repository.ts';
import { SpreadsheetWorkers } from './spreadsheet-worker-host.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liftImports: { workers: SpreadsheetWorkers; expiry: LiftImportExpiryJob };
  }
}

export const liftImportsPlugin = fp(
  (app: FastifyInstance) => {
    const workers = new SpreadsheetWorkers();
    const expiry = new LiftImportExpiryJob(
      new LiftImportsRepository(app.db),
      app.clock,
      app.log.child({ module: 'lift-import-expiry' }),
    );
    app.decorate('liftImports', { workers, expiry });
    app.addHook('onClose', async () => {
      await expiry.stop();
      await workers.close();
    });
  },
  { name: 'lift-imports', dependencies: ['core'] },
);
