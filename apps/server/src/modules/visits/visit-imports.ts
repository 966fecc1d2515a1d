// Maintenance visits from a spreadsheet import (lift-spreadsheets), as app.visits.imports: which
// days the lifts already have one (so an export imported again adds nothing), and the imported
// visits written in the import's transaction, audited `visit.imported` with the import's id. (The
// export reads each lift's last maintenance visit from lift_maintenance_rides, through
// app.liftList.) Many at once (50,000 rows): in batches of a few hundred, each one statement, with a
// turn of the event loop between (lib/batches.ts).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { lockMaintenanceRides } from '../../db/rollups/rides-since-maintenance.ts';
import { forEachBatch, mapBatches, nextTurn, readBatchSize } from '../../lib/batches.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { VisitImportsRepository } from './visit-imports.repository.ts';

export class VisitImports {
  constructor(
    private readonly repository: VisitImportsRepository,
    private readonly audit: Audit,
    /** Tells the organisation's listeners that its visits changed (after the commit). */
    readonly changed: (organisationId: number) => void,
  ) {}

  async maintenanceDays(db: Db, liftIds: readonly number[], days: readonly string[]): Promise<Set<string>> {
    return new Set(
      await mapBatches(
        liftIds,
        async (batch) => [...(await this.repository.maintenanceDays(db, batch, days))],
        readBatchSize,
      ),
    );
  }

  async record(
    tx: Db,
    request: FastifyRequest,
    organisationId: number,
    importId: string,
    visits: readonly { liftId: number; day: string }[],
  ): Promise<void> {
    if (visits.length === 0) return;
    // The insert's triggers take the lifts' maintenance rows: in lift id order, as every writer does
    // (batch after batch in ascending ids, so the order holds across batches).
    const liftIds = [...new Set(visits.map((v) => v.liftId))].sort((a, b) => a - b);
    await forEachBatch(liftIds, (batch) => lockMaintenanceRides(tx, batch), readBatchSize);
    const inLiftOrder = [...visits].sort((a, b) => a.liftId - b.liftId);
    await forEachBatch(inLiftOrder, async (batch) => {
      const inserted = await this.repository.insertMany(tx, batch);
      await nextTurn();
      await this.audit.recordMany(
        tx,
        request,
        inserted.map((visit) => ({
          organisationId,
          action: 'visit.imported',
          subjectType: 'visit',
          subjectId: visit.id,
          before: null,
          after: {
            ...visit,
            type: 'maintenance',
            role: 'mechanic',
            state: 'finished',
            source: 'import',
            importId,
          },
        })),
      );
    });
  }
}
