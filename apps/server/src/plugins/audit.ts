// The audit log (DESIGN §7) as app.audit: every module that changes administrative data appends
// here, inside the transaction of its change, so a change and its record commit or fail together.
// Reading it is the administration module's business; nothing updates or deletes it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { AuditRepository, type AuditEntry } from './audit.repository.ts';

export type AuditChange = Omit<AuditEntry, 'userId' | 'ip'>;

export interface Audit {
  /** Appends `change` made by the request's user (or the server, without a request) on `db`. */
  record(db: Db, request: FastifyRequest | null, change: AuditChange): Promise<void>;
  /** record() for many changes at once (a spreadsheet import): multi-row inserts, not one per change. */
  recordMany(db: Db, request: FastifyRequest | null, changes: readonly AuditChange[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit;
  }
}

export const auditPlugin = fp(
  (app: FastifyInstance) => {
    const repository = new AuditRepository();
    const who = (request: FastifyRequest | null) => ({
      userId: request?.principal?.userId ?? null,
      ip: request?.ip ?? null,
    });
    app.decorate('audit', {
      record: (db, request, change) => repository.append(db, { ...change, ...who(request) }, app.clock.now()),
      recordMany: (db, request, changes) =>
        repository.appendMany(
          db,
          changes.map((change) => ({ ...change, ...who(request) })),
          app.clock.now(),
        ),
    } satisfies Audit);
  },
  { name: 'audit', dependencies: ['core', 'auth'] },
);
