// SQL of lift_imports: an upload's rows as read (`sheet`, stored-sheet.ts) kept in the database
// (DESIGN §7 files), so any node can show its preview and apply it. The file itself is not kept:
// the rows are all that preview and apply need, and the hostile part of a file (its size, its
// zip) stays out of the database. `content` holds the file of imports uploaded before the sheet
// was kept. `result` holds the lift versions the last preview showed until the import is applied,
// then what the apply did. An import is deleted liftImportKeptHours after its upload, or after its
// apply (lift-imports-expiry.ts).
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import type { Db } from '../../db/database.ts';
import { liftImports } from '../../db/schema.ts';

export interface StoredImport {
  id: string;
  organisationId: number;
  fileName: string;
  format: SpreadsheetFormat;
  /** The rows as read, packed (stored-sheet.ts); null for an import stored with its file instead. */
  sheet: Buffer | null;
  /** The file, only of an import stored before the sheet was kept. */
  content: Buffer | null;
  createdAt: Date;
  appliedAt: Date | null;
  result: ImportResultJson | null;
}

/** Before the apply: the versions of the matched lifts the preview showed. After: the counts. */
export type ImportResultJson = {
  previewVersions?: Record<string, number>;
  created?: number;
  updated?: number;
  unchanged?: number;
  inspections?: number;
  visits?: number;
};

export class LiftImportsRepository {
  constructor(readonly db: Db) {}

  async insert(
    values: { organisationId: number; userId: number; fileName: string; format: SpreadsheetFormat; sheet: Buffer },
    at: Date,
  ): Promise<string> {
    const [row] = await this.db
      .insert(liftImports)
      .values({ ...values, createdAt: at })
      .returning({ id: liftImports.id });
    if (!row) throw new Error('lift import not stored');
    return row.id;
  }

  /** The import; with `lock`, its row stays locked until the transaction ends (one apply at a time). */
  async find(db: Db, id: string, lock = false): Promise<StoredImport | undefined> {
    const query = db.select().from(liftImports).where(eq(liftImports.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return undefined;
    return {
      id: row.id,
      organisationId: row.organisationId,
      fileName: row.fileName,
      format: row.format === 'xlsx' ? 'xlsx' : 'csv',
      sheet: row.sheet === null ? null : Buffer.from(row.sheet),
      content: row.content === null ? null : Buffer.from(row.content),
      createdAt: row.createdAt,
      appliedAt: row.appliedAt,
      result: row.result as ImportResultJson | null,
    };
  }

  /** Remembers what the latest preview showed, for the apply's "changed since" check. */
  async setPreviewVersions(id: string, versions: Record<string, number>): Promise<void> {
    await this.db
      .update(liftImports)
      .set({ result: { previewVersions: versions } })
      .where(sql`${liftImports.id} = ${id} and ${liftImports.appliedAt} is null`);
  }

  async markApplied(db: Db, id: string, result: ImportResultJson, at: Date): Promise<void> {
    await db.update(liftImports).set({ appliedAt: at, result }).where(eq(liftImports.id, id));
  }

  /**
   * Deletes the imports not applied since before `before`, and those applied before it; answers
   * how many. Idempotent, so every node may run it: a second delete finds nothing.
   */
  async deleteExpired(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(liftImports)
      .where(
        or(
          and(isNull(liftImports.appliedAt), lt(liftImports.createdAt, before)),
          and(isNotNull(liftImports.appliedAt), lt(liftImports.appliedAt, before)),
        ),
      )
      .returning({ id: liftImports.id });
    return deleted.length;
  }
}
