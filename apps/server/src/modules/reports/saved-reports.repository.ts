// SQL for saved reports: store one and prune the user's older ones in the same transaction, list a
// user's, and read one back only for the user who made it.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organisations, savedReports } from '../../db/schema.ts';

export interface NewSavedReport {
  userId: number;
  organisationId: number;
  from: string;
  to: string;
  language: string;
  pdf: Uint8Array;
  createdAt: Date;
}

export interface SavedReportRow {
  id: number;
  organisationId: number;
  organisationName: string;
  from: string;
  to: string;
  language: string;
  size: number;
  createdAt: Date;
}

const listed = {
  id: savedReports.id,
  organisationId: savedReports.organisationId,
  organisationName: organisations.name,
  from: savedReports.periodFrom,
  to: savedReports.periodTo,
  language: savedReports.language,
  size: savedReports.size,
  createdAt: savedReports.createdAt,
};

export class SavedReportsRepository {
  constructor(private readonly db: Db) {}

  /** Stores the report and keeps only the user's `keep` newest; answers the new id. */
  async save(report: NewSavedReport, keep: number, db: Db = this.db): Promise<number> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(savedReports)
        .values({
          userId: report.userId,
          organisationId: report.organisationId,
          periodFrom: report.from,
          periodTo: report.to,
          language: report.language,
          size: report.pdf.byteLength,
          content: report.pdf,
          createdAt: report.createdAt,
        })
        .returning({ id: savedReports.id });
      if (!row) throw new Error('saved report not stored');
      await tx.execute(sql`
        delete from saved_reports
        where user_id = ${report.userId} and id not in (
          select id from saved_reports where user_id = ${report.userId}
          order by created_at desc, id desc limit ${keep})`);
      return row.id;
    });
  }

  /** The user's saved reports, newest first. */
  async list(userId: number): Promise<SavedReportRow[]> {
    return this.db
      .select(listed)
      .from(savedReports)
      .innerJoin(organisations, eq(organisations.id, savedReports.organisationId))
      .where(eq(savedReports.userId, userId))
      .orderBy(desc(savedReports.createdAt), desc(savedReports.id));
  }

  async find(userId: number, id: number): Promise<SavedReportRow | null> {
    const [row] = await this.db
      .select(listed)
      .from(savedReports)
      .innerJoin(organisations, eq(organisations.id, savedReports.organisationId))
      .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)));
    return row ?? null;
  }

  /** The PDF of the user's own report, or null (another user's report is as absent as none). */
  async content(
    userId: number,
    id: number,
  ): Promise<{ organisationId: number; from: string; to: string; pdf: Uint8Array } | null> {
    const [row] = await this.db
      .select({
        organisationId: savedReports.organisationId,
        from: savedReports.periodFrom,
        to: savedReports.periodTo,
        pdf: savedReports.content,
      })
      .from(savedReports)
      .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)));
    return row ?? null;
  }
}
