// SQL of lift_imports: an uploaded file kept in the database (DESIGN §7 files), so any node can
// show its preview and apply it. `result` holds the lift versions the last preview showed until
// the import is applied, then what the apply did.
import { eq, sql } from 'drizzle-orm';
import type { SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import type { Db } from '../../db/database.ts';
import { liftImports } from '../../db/schema.ts';

export interface StoredImport {
  id: string;
  organisationId: number;
  fileName: string;
  format: SpreadsheetFormat;
  content: Buffer;
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
    values: { organisationId: number; userId: number; fileName: string; format: SpreadsheetFormat; content: Buffer },
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
      content: Buffer.from(row.content),
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
}
