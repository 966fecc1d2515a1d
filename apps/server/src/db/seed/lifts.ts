// Writes a batch of planned lifts and their sense modules, and hands back the database ids.
import type { Db } from '../database.ts';
import { lifts, modules } from '../schema.ts';
import { insertRows, insertRowsReturning } from './bulk-insert.ts';
import type { CurrentState } from './current-state.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { DemoOrganisationKey } from './organisations-and-users.ts';

/** Inserts lifts and modules; returns lift ids in the order of `plans`. */
export async function insertLiftsAndModules(
  db: Db,
  plans: readonly LiftPlan[],
  current: readonly CurrentState[],
  organisationIds: ReadonlyMap<DemoOrganisationKey, number>,
): Promise<number[]> {
  const rows = plans.map((plan) => {
    const organisationId = organisationIds.get(plan.organisation);
    if (organisationId === undefined) throw new Error(`no organisation ${plan.organisation}`);
    return { organisationId, ...plan.row };
  });
  const inserted = await insertRowsReturning(db, lifts, rows, ['id', 'serialNumber']);
  // Matched on the serial number (unique by construction) rather than trusting RETURNING order.
  const idBySerial = new Map(inserted.map((r) => [r.serialNumber, r.id]));
  const ids = plans.map((plan) => {
    const id = idBySerial.get(plan.row.serialNumber ?? null);
    if (id === undefined) throw new Error(`lift ${plan.row.serialNumber ?? '?'} was not inserted`);
    return id;
  });

  await insertRows(
    db,
    modules,
    plans.map((plan, i) => {
      const state = current[i];
      if (!state) throw new Error('missing current state');
      return {
        esNumber: plan.esNumber,
        liftId: ids[i] ?? null,
        firmware: plan.firmware,
        // The ingest module issues module keys; demo modules have none until provisioned.
        keyHash: null,
        lastSeenAt: new Date(state.moduleLastSeen),
        connected: state.moduleConnected,
      };
    }),
  );
  return ids;
}
