// Writes a batch of planned lifts and their sense modules, and hands back the database ids. Each
// module belongs to its lift's organisation and is linked to the lift since commissioning
// (module_links), as the onboarding migration backfills for modules fitted before links existed.
import type { Db } from '../database.ts';
import { lifts, moduleLinks, modules } from '../schema.ts';
import { localMidnight } from './amsterdam-time.ts';
import { insertRows, insertRowsReturning } from './bulk-insert.ts';
import type { CurrentState } from './current-state.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { DemoOrganisationKey } from './organisations-and-users.ts';
import type { LiftScenario } from './scenarios.ts';

/** Lifts of the owner organisation left without a module, so the demo can register one on them. */
const liftsLeftWithoutModule = 3;

/**
 * The plan indexes of the lifts that get no module: the owner organisation's last few whose
 * scenario needs nothing of a module (no current condition, green, no current call), and never
 * more than a quarter of its lifts.
 */
export function liftsWithoutModule(
  plans: readonly LiftPlan[],
  scenarios: ReadonlyMap<number, LiftScenario>,
): Set<number> {
  const owned = plans.filter((p) => p.organisation === 'owner');
  const quiet = owned.filter((p) => {
    const s = scenarios.get(p.index);
    return s?.conditions.size === 0 && s.availability === 'green' && !s.firstCurrentCall;
  });
  const count = Math.min(liftsLeftWithoutModule, Math.floor(owned.length / 4), quiet.length);
  return new Set(count === 0 ? [] : quiet.slice(-count).map((p) => p.index));
}

/** Inserts lifts and the modules fitted in them; returns lift ids in the order of `plans`. */
export async function insertLiftsAndModules(
  db: Db,
  plans: readonly LiftPlan[],
  current: readonly CurrentState[],
  organisationIds: ReadonlyMap<DemoOrganisationKey, number>,
  withoutModule: ReadonlySet<number>,
): Promise<number[]> {
  const rows = plans.map((plan) => {
    const organisationId = organisationIds.get(plan.organisation);
    if (organisationId === undefined) throw new Error(`no organisation ${plan.organisation}`);
    // Fixed, not the column's now(): two seeds with the same options write the same rows. The record
    // was made when the lift was commissioned (never after its last change).
    const createdAt = new Date(
      Math.min(localMidnight(plan.commissionedDay), plan.row.updatedAt?.getTime() ?? Infinity),
    );
    return { organisationId, ...plan.row, createdAt };
  });
  const inserted = await insertRowsReturning(db, lifts, rows, ['id', 'serialNumber']);
  // Matched on the serial number (unique by construction) rather than trusting RETURNING order.
  const idBySerial = new Map(inserted.map((r) => [r.serialNumber, r.id]));
  const ids = plans.map((plan) => {
    const id = idBySerial.get(plan.row.serialNumber ?? null);
    if (id === undefined) throw new Error(`lift ${plan.row.serialNumber ?? '?'} was not inserted`);
    return id;
  });

  const fitted = plans.flatMap((plan, i) => {
    const state = current[i];
    const liftId = ids[i];
    const organisationId = rows[i]?.organisationId;
    if (!state || liftId === undefined || organisationId === undefined) throw new Error('missing current state');
    if (withoutModule.has(plan.index)) return [];
    // Fixed instants, not now(): two seeds with the same options write the same rows.
    const since = new Date(localMidnight(plan.commissionedDay));
    return [{ plan, state, liftId, organisationId, since }];
  });
  const moduleIds = await insertRowsReturning(
    db,
    modules,
    fitted.map(({ plan, state, liftId, organisationId, since }) => ({
      esNumber: plan.esNumber,
      liftId,
      organisationId,
      firmware: plan.firmware,
      // The ingest module issues module keys; demo modules have none until provisioned.
      keyHash: null,
      lastSeenAt: new Date(state.moduleLastSeen),
      connected: state.moduleConnected,
      createdAt: since,
      // The simulator follows these and no others (a module registered later is real).
      demo: true,
    })),
    ['id', 'esNumber'],
  );
  const idByEs = new Map(moduleIds.map((m) => [m.esNumber, m.id]));
  await insertRows(
    db,
    moduleLinks,
    fitted.map(({ plan, liftId, since }) => {
      const moduleId = idByEs.get(plan.esNumber);
      if (moduleId === undefined) throw new Error(`module ${plan.esNumber} was not inserted`);
      return { moduleId, liftId, linkedAt: since };
    }),
  );
  return ids;
}
