// The one way lifts are created and changed, whichever door a change comes in by (the lift form,
// a spreadsheet import): bulk statements, the version check, the rules every lift obeys (owner
// numbers unique per organisation, decommissioned not before commissioned) and an audit entry per
// lift, all on the caller's transaction. Other modules reach it as app.liftWrites. A bulk call
// (an import of 50,000 lifts) writes and audits batch by batch with a turn of the event loop in
// between (lib/batches.ts): one transaction still, but no statement or loop that stalls the server.
import type { FastifyRequest } from 'fastify';
import { liftFieldNames, type LiftField, type LiftFields } from '@liftwacht/contracts/lift-editing';
import type { Db } from '../../db/database.ts';
import { lockMaintenanceRides } from '../../db/rollups/rides-since-maintenance.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { batchesOf, forEachBatch, loopTurns, nextTurn, readBatchSize } from '../../lib/batches.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Audit, AuditChange } from '../../plugins/audit.ts';
import type { LiftWritesRepository } from './lift-writes.repository.ts';

/** What may change in one lift: any fields, and the day it leaves service (null: back in service). */
export type LiftChanges = Partial<LiftFields> & { decommissionedOn?: string | null };

export interface LiftUpdate {
  id: number;
  /** The version the change started from; a stale one fails the whole call with 409. */
  version: number;
  changes: LiftChanges;
}

/** A lift's stored fields as an import compares them with a spreadsheet row. */
export interface StoredLiftFields {
  id: number;
  version: number;
  decommissionedOn: string | null;
  fields: LiftFields;
}

/** Only the lift fields of `source` (an import row may carry more), without absent ones. */
function liftFieldsOf(source: Partial<LiftFields>): Partial<LiftFields> {
  const out: Partial<Record<LiftField, unknown>> = {};
  for (const name of liftFieldNames) if (source[name] !== undefined) out[name] = source[name];
  return out as Partial<LiftFields>;
}

/** Owner numbers per duplicate check. */
const ownerCheckBatchSize = 10_000;

const pick = (fields: LiftFields, names: readonly LiftField[]) =>
  Object.fromEntries(names.map((name) => [name, fields[name]]));

export class LiftWrites {
  constructor(
    private readonly repository: LiftWritesRepository,
    private readonly audit: Audit,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates the lifts in organisationId and answers their ids in input order. 409 on `ownerNumber`
   * when an owner number is already taken in the organisation (or occurs twice in `lifts`).
   */
  async createMany(
    tx: Db,
    request: FastifyRequest | null,
    organisationId: number,
    lifts: readonly LiftFields[],
  ): Promise<number[]> {
    if (lifts.length === 0) return [];
    const ownerNumbers = lifts.flatMap((lift) => lift.ownerNumber ?? []);
    if (ownerNumbers.length > 0) await this.repository.lockOwnerNumbers(tx, [organisationId]);
    const now = this.clock.now();
    const ids = await this.repository.allocateIds(tx, lifts.length);
    let offset = 0;
    await forEachBatch(lifts, async (batch) => {
      const batchIds = ids.slice(offset, offset + batch.length);
      offset += batch.length;
      const rows = batchIds.map((id, i) => ({ id, fields: liftFieldsOf(batch[i] ?? {}) as LiftFields }));
      await this.repository.insert(tx, organisationId, rows, now);
      await nextTurn();
      await this.audit.recordMany(
        tx,
        request,
        rows.map(({ id, fields }) => ({
          organisationId,
          action: 'lift.created',
          subjectType: 'lift',
          subjectId: id,
          before: null,
          after: fields,
        })),
      );
    });
    await this.assertOwnerNumbersUnique(tx, [organisationId], ownerNumbers);
    return ids;
  }

  /**
   * Applies the changes, each lift locked, checked against its version and written with its version
   * bumped and updated_at set; a change that changes nothing writes nothing. 404 for an unknown
   * lift, 409 (`current`: the stale lifts' ids and versions) when any version is stale, 400 on
   * `decommissionedOn` before `commissionedOn`, 409 on `ownerNumber` when it is taken.
   */
  async updateMany(tx: Db, request: FastifyRequest | null, updates: readonly LiftUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    const stored = new Map(
      (
        await this.repository.lock(
          tx,
          updates.map((u) => u.id),
        )
      ).map((s) => [s.id, s]),
    );
    if (new Set(updates.map((u) => u.id)).size !== updates.length) throw new Error('updateMany: a lift occurs twice');

    const stale = updates.flatMap((u) => {
      const current = stored.get(u.id);
      if (!current) throw notFound('Lift');
      return current.version === u.version ? [] : [{ id: u.id, version: current.version }];
    });
    if (stale.length > 0) throw conflict('Somebody else changed this lift meanwhile', 'version', stale);

    const writes: { id: number; fields: LiftFields; decommissionedOn: string | null }[] = [];
    const audits: AuditChange[] = [];
    const renumbered: { organisationId: number; ownerNumber: string }[] = [];
    const rethresholded: number[] = [];
    const turns = loopTurns();
    for (const { id, changes } of updates) {
      await turns.check();
      const before = stored.get(id);
      if (!before) throw notFound('Lift');
      const fields: LiftFields = { ...before.fields, ...liftFieldsOf(changes) };
      const decommissionedOn =
        changes.decommissionedOn === undefined ? before.decommissionedOn : changes.decommissionedOn;
      if (decommissionedOn !== null && fields.commissionedOn !== null && decommissionedOn < fields.commissionedOn) {
        throw badRequest(
          'validation_failed',
          'decommissionedOn: must not be before commissionedOn',
          'decommissionedOn',
        );
      }
      const changed = liftFieldNames.filter((name) => fields[name] !== before.fields[name]);
      const redated = decommissionedOn !== before.decommissionedOn;
      if (changed.length === 0 && !redated) continue;

      writes.push({ id, fields, decommissionedOn });
      const subject = { organisationId: before.organisationId, subjectType: 'lift', subjectId: id };
      if (changed.length > 0) {
        audits.push({
          ...subject,
          action: 'lift.updated',
          before: pick(before.fields, changed),
          after: pick(fields, changed),
        });
      }
      if (redated) {
        audits.push({
          ...subject,
          action: decommissionedOn === null ? 'lift.recommissioned' : 'lift.decommissioned',
          before: { decommissionedOn: before.decommissionedOn },
          after: { decommissionedOn },
        });
      }
      if (changed.includes('serviceRideThreshold')) rethresholded.push(id);
      if (changed.includes('ownerNumber') && fields.ownerNumber !== null) {
        renumbered.push({ organisationId: before.organisationId, ownerNumber: fields.ownerNumber });
      }
    }
    if (writes.length === 0) return;

    const organisationIds = renumbered.map((r) => r.organisationId);
    if (renumbered.length > 0) await this.repository.lockOwnerNumbers(tx, organisationIds);
    // The threshold's copy (migration 0030) is written by a trigger in the UPDATE's order; taken
    // in batches of ascending ids, the order holds across batches.
    await forEachBatch(
      [...new Set(rethresholded)].sort((a, b) => a - b),
      (batch) => lockMaintenanceRides(tx, batch),
      readBatchSize,
    );
    await this.repository.update(tx, writes, this.clock.now());
    await this.assertOwnerNumbersUnique(
      tx,
      organisationIds,
      renumbered.map((r) => r.ownerNumber),
    );
    await forEachBatch(audits, (batch) => this.audit.recordMany(tx, request, batch));
  }

  /** Every lift of the organisation with its stored fields, decommissioned ones included. */
  async fieldsOf(db: Db, organisationId: number): Promise<StoredLiftFields[]> {
    const lifts = await this.repository.ofOrganisation(db, organisationId);
    return lifts.map(({ id, version, decommissionedOn, fields }) => ({ id, version, decommissionedOn, fields }));
  }

  /**
   * After the write, so numbers swapped between two lifts of one batch pass; the organisation's
   * advisory lock keeps a concurrent writer from slipping the same number in meanwhile.
   */
  private async assertOwnerNumbersUnique(
    tx: Db,
    organisationIds: readonly number[],
    ownerNumbers: readonly string[],
  ): Promise<void> {
    // Each statement is one pass over the organisations' lifts: many numbers per statement.
    for (const [i, batch] of batchesOf([...new Set(ownerNumbers)].sort(), ownerCheckBatchSize).entries()) {
      if (i > 0) await nextTurn();
      const taken = await this.repository.duplicateOwnerNumber(tx, organisationIds, batch);
      if (taken !== undefined) {
        throw conflict(`Another lift of this organisation already has owner number ${taken}`, 'ownerNumber');
      }
    }
  }
}
