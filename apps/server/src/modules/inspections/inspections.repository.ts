// SQL for inspections: a lift's list, one certificate, and recording one. The certificate's bytes
// are read only by the download, never by the list.
import { and, count, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { Inspection, InspectionKind, InspectionResult } from '@liftwacht/contracts/inspections';
import type { Db } from '../../db/database.ts';
import { inspections, lifts, organisations } from '../../db/schema.ts';

export interface NewInspection {
  liftId: number;
  inspectedOn: string;
  kind: InspectionKind;
  result: InspectionResult;
  findings: string | null;
  validUntil: string | null;
  body: string | null;
  certificate: { fileName: string; content: Buffer } | null;
  recordedBy: number;
  recordedAt: Date;
}

const listColumns = {
  id: inspections.id,
  liftId: inspections.liftId,
  inspectedOn: inspections.inspectedOn,
  kind: inspections.logType,
  result: inspections.result,
  findings: inspections.findings,
  validUntil: inspections.validUntil,
  body: inspections.body,
  certificateName: inspections.certificateName,
  certificateBytes: inspections.certificateBytes,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | null } & {
  id: number;
  liftId: number;
  inspectedOn: string;
  kind: string;
  result: string;
};

function toInspection(r: ListRow): Inspection {
  return {
    id: r.id,
    liftId: r.liftId,
    inspectedOn: r.inspectedOn,
    kind: r.kind as InspectionKind,
    result: r.result as InspectionResult,
    findings: r.findings,
    validUntil: r.validUntil,
    body: r.body,
    certificate:
      r.certificateName !== null && r.certificateBytes !== null
        ? { fileName: r.certificateName, bytes: r.certificateBytes }
        : null,
  };
}

export class InspectionsRepository {
  constructor(readonly db: Db) {}

  async lift(liftId: number): Promise<{ organisationId: number; commissionedOn: string | null } | undefined> {
    const [row] = await this.db
      .select({ organisationId: lifts.organisationId, commissionedOn: lifts.commissionedOn })
      .from(lifts)
      .where(eq(lifts.id, liftId));
    return row;
  }

  async organisation(id: number): Promise<{ name: string; type: string } | undefined> {
    const [row] = await this.db
      .select({ name: organisations.name, type: organisations.type })
      .from(organisations)
      .where(eq(organisations.id, id));
    return row;
  }

  async page(liftId: number, limit: number, offset: number): Promise<{ items: Inspection[]; total: number }> {
    const rows = await this.db
      .select(listColumns)
      .from(inspections)
      .where(eq(inspections.liftId, liftId))
      .orderBy(desc(inspections.inspectedOn), desc(inspections.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(inspections).where(eq(inspections.liftId, liftId));
    return { items: rows.map(toInspection), total: total?.n ?? 0 };
  }

  /** The end of the lift's latest approval (DESIGN §4: the next inspection is due then). */
  async latestValidUntil(liftId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ validUntil: max(inspections.validUntil) })
      .from(inspections)
      .where(and(eq(inspections.liftId, liftId), eq(inspections.result, 'approved')));
    return row?.validUntil ?? null;
  }

  async certificate(
    inspectionId: number,
  ): Promise<{ liftId: number; organisationId: number; fileName: string; content: Uint8Array } | undefined> {
    const [row] = await this.db
      .select({
        liftId: inspections.liftId,
        organisationId: lifts.organisationId,
        fileName: inspections.certificateName,
        content: inspections.certificate,
      })
      .from(inspections)
      .innerJoin(lifts, eq(lifts.id, inspections.liftId))
      .where(and(eq(inspections.id, inspectionId), isNotNull(inspections.certificate)));
    if (!row?.content) return undefined;
    return { ...row, fileName: row.fileName ?? 'keuringscertificaat.pdf', content: row.content };
  }

  async insert(db: Db, row: NewInspection): Promise<Inspection> {
    const [inserted] = await db
      .insert(inspections)
      .values({
        liftId: row.liftId,
        inspectedOn: row.inspectedOn,
        logType: row.kind,
        result: row.result,
        findings: row.findings,
        validUntil: row.validUntil,
        body: row.body,
        certificate: row.certificate?.content ?? null,
        certificateName: row.certificate?.fileName ?? null,
        certificateBytes: row.certificate?.content.length ?? null,
        recordedBy: row.recordedBy,
        recordedAt: row.recordedAt,
      })
      .returning(listColumns);
    if (!inserted) throw new Error('inspection not inserted');
    return toInspection(inserted);
  }

  /** Whether the lift's latest inspection (by day, then id) is this one. */
  async isLatest(db: Db, liftId: number, inspectionId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: inspections.id })
      .from(inspections)
      .where(eq(inspections.liftId, liftId))
      .orderBy(desc(inspections.inspectedOn), desc(inspections.id))
      .limit(1);
    return row?.id === inspectionId;
  }

  /** Serialises recordings on one lift, so two at once cannot both open a rejection. */
  async lockLift(db: Db, liftId: number): Promise<void> {
    await db.execute(sql`select 1 from lifts where id = ${liftId} for update`);
  }
}
