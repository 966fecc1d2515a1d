// Inspections from a spreadsheet import (lift-spreadsheets), as app.inspections.imports: what the
// lifts already have on the days a file names (so an export imported again adds nothing), and the
// imported inspections written in the import's transaction — recorded by the importing user,
// audited `inspection.imported` with the import's id, and followed by the same state events as an
// inspection recorded on the lift page. (The export reads each lift's last inspection from
// lift_facts, through app.liftList.)
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Audit } from '../../plugins/audit.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { LiftEventRecorder } from '../events/event-recorder.ts';
import type {
  DayInspection,
  InspectionImportsRepository,
  NewImportedInspection,
} from './inspection-imports.repository.ts';
import { followInspectionState } from './inspection-state.ts';

export interface InspectionImportEffects {
  events: LiftEventRecorder;
  audit: Audit;
  /** After the commit: send the queued mails and tell the organisation's dashboards. */
  committed(organisationId: number): void;
}

export class InspectionImports {
  constructor(
    private readonly repository: InspectionImportsRepository,
    private readonly clock: Clock,
    private readonly effects: InspectionImportEffects,
  ) {}

  async known(
    db: Db,
    liftIds: readonly number[],
    days: readonly string[],
  ): Promise<{ inspections: DayInspection[]; latestValidUntil: Map<number, string> }> {
    const inspections = await this.repository.onDays(db, liftIds, days);
    const latest = await this.repository.latestValidUntil(db, liftIds);
    return { inspections, latestValidUntil: new Map(latest.map((r) => [r.liftId, r.validUntil])) };
  }

  async record(
    tx: Db,
    request: FastifyRequest,
    organisationId: number,
    importId: string,
    inspections: readonly NewImportedInspection[],
  ): Promise<void> {
    if (inspections.length === 0) return;
    const now = this.clock.now();
    const liftIds = [...new Set(inspections.map((i) => i.liftId))];
    await this.repository.lockLifts(tx, liftIds);
    const inserted = await this.repository.insertMany(tx, inspections, principalOf(request).userId, now);
    await this.effects.audit.recordMany(
      tx,
      request,
      inserted.map((row) => ({
        organisationId,
        action: 'inspection.imported',
        subjectType: 'inspection',
        subjectId: row.id,
        before: null,
        after: { ...row, source: 'import', importId },
      })),
    );
    // Only an inspection that is now its lift's latest changes the lift's state.
    const latest = await this.repository.latestAmong(tx, liftIds);
    for (const row of inserted) {
      if (latest.has(row.id)) await followInspectionState(this.effects.events, tx, row, now);
    }
  }

  committed(organisationId: number): void {
    this.effects.committed(organisationId);
  }
}
