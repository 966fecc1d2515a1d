// Makes the lift write side available to every module as app.liftWrites, so the lift form and the
// spreadsheet import create and change lifts through the same rules and audit entries.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiftWrites } from './lift-writes.ts';
import { LiftWritesRepository } from './lift-writes.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `createMany`, `updateMany` and `fieldsOf` on the caller's transaction (lift-writes.ts). */
    liftWrites: LiftWrites;
  }
}

export const liftsPlugin = fp(
  (app: FastifyInstance) => {
    app.decorate('liftWrites', new LiftWrites(new LiftWritesRepository(), app.audit, app.clock));
  },
  { name: 'lifts', dependencies: ['core', 'audit'] },
);
