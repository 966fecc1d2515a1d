// SQL of the append-only audit log: one insert per change (or one per chunk of a bulk change), in
// the change's own transaction.
import type { AuditAction } from '@liftwacht/contracts/administration';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';
import { insertRows } from '../db/seed/bulk-insert.ts';

export interface AuditEntry {
  /** Who: null for the server itself (first-run setup, the admin command line). */
  userId: number | null;
  /** The organisation the changed object belongs to (whose administrators may read the entry). */
  organisationId: number | null;
  ip: string | null;
  /**
   * What happened, `subject.verb` (`user.invited`, `access.revoked`, ...): one of the contract's
   * actions, so the audit log's answer can always show every entry it holds.
   */
  action: AuditAction;
  subjectType: string;
  subjectId: string | number | null;
  /** The object before and after, as the API shows it (never secrets such as password hashes). */
  before: unknown;
  after: unknown;
}

export class AuditRepository {
  /** Appends one entry on db, which should be the transaction that makes the change. */
  async append(db: Db, entry: AuditEntry, at: Date): Promise<void> {
    await db.insert(auditLog).values(rowOf(entry, at));
  }

  /** Appends many entries with a few multi-row inserts (one JSON parameter per chunk). */
  async appendMany(db: Db, entries: readonly AuditEntry[], at: Date): Promise<void> {
    await insertRows(
      db,
      auditLog,
      entries.map((entry) => rowOf(entry, at)),
    );
  }
}

function rowOf(entry: AuditEntry, at: Date): typeof auditLog.$inferInsert {
  return {
    at,
    userId: entry.userId,
    organisationId: entry.organisationId,
    ip: entry.ip,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId === null ? null : String(entry.subjectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}
