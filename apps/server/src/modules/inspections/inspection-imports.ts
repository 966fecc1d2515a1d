// Inspections from a spreadsheet import (lift-spreadsheets), as app.inspections.imports: what the
// lifts already have on the days a file names (so an export imported again adds nothing), and the
// imported inspections written in the import's transaction — recorded by the importing user,
// audited `inspection.imported` with the import's id, and followed by the same state events as an
// inspection recorded on the lift page. (The export reads each lift's last inspection from
// lift_facts, through app.liftList.) Many at once (50,000 rows): every read and write in batches
// of a few hundred, each one statement, with a turn of the event loop between (lib/batches.ts),
// the state events set-based per batch.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { batchesOf, forEachBatch, mapBatches, nextTurn, readBatchSize } from '../../lib/batches.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Audit } from '../../plugins/audit.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { LiftEventRecorder } from '../events/event-recorder.ts';
import type {
  DayInspection,
  InsertedInspection,
  InspectionImportsRepository,
  NewImportedInspection,
} from './inspection-imports.repository.ts';
import { inspectionStateChange } from './inspection-state.ts';

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
    const inspections = await mapBatches(liftIds, (batch) => this.repository.onDays(db, batch, days), readBatchSize);
    const latest = await mapBatches(liftIds, (batch) => this.repository.latestValidUntil(db, batch), readBatchSize);
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
    const recordedBy = principalOf(request).userId;
    // Ascending ids batch after batch: the lock order holds across batches.
    const liftIds = [...new Set(inspections.map((i) => i.liftId))].sort((a, b) => a - b);
    await forEachBatch(liftIds, (batch) => this.repository.lockLifts(tx, batch), readBatchSize);
    const inserted = await mapBatches(inspections, async (batch) => {
      const rows = await this.repository.insertMany(tx, batch, recordedBy, now);
      await nextTurn();
      await this.effects.audit.recordMany(
        tx,
        request,
        rows.map((row) => ({
          organisationId,
          action: 'inspection.imported',
          subjectType: 'inspection',
          subjectId: row.id,
          before: null,
          after: { ...row, source: 'import', importId },
        })),
      );
      return rows;
    });
    // Only an inspection that is now its lift's latest changes the lift's state (asked once every
    // batch is in: a lift's inspections may span two).
    const latest = new Set(
      await mapBatches(liftIds, async (batch) => [...(await this.repository.latestAmong(tx, batch))], readBatchSize),
    );
    await this.followStates(
      tx,
      inserted.filter((row) => latest.has(row.id)),
      now,
    );
  }

  /**
   * followInspectionState (inspection-state.ts) for many lifts, each with its one latest
   * inspection: per batch one read of the lifts' open state events, one insert of the events to
   * open (with their subscribers' mails) and one update of those to end.
   */
  private async followStates(tx: Db, latest: readonly InsertedInspection[], now: Date): Promise<void> {
    for (const [i, batch] of batchesOf(latest).entries()) {
      if (i > 0) await nextTurn();
      const changes = batch.map((row) => ({ liftId: row.liftId, ...inspectionStateChange(row, now) }));
      const types = [...new Set(changes.flatMap(({ open, end }) => [...(open ? [open.type] : []), ...end]))];
      const open = await this.repository.openStateEvents(
        tx,
        changes.map((c) => c.liftId),
        types,
      );
      const isOpen = new Set(open.map((e) => `${e.liftId}:${e.type}`));
      const toOpen = changes.flatMap(({ liftId, open: opened }) =>
        opened && !isOpen.has(`${liftId}:${opened.type}`) ? [{ liftId, ...opened }] : [],
      );
      const ending = new Map(changes.map((c) => [c.liftId, new Set<string>(c.end)]));
      const toEnd = open.filter((e) => ending.get(e.liftId)?.has(e.type)).map((e) => e.id);
      const opened = await this.repository.insertStateEvents(tx, toOpen);
      await this.effects.events.notifyEventsCreated(opened, { db: tx });
      await nextTurn();
      await this.repository.endEvents(tx, toEnd, now);
    }
  }

  committed(organisationId: number): void {
    this.effects.committed(organisationId);
  }
}
