// SQL for visits a module's service mode opens and ends (derive-changes' moduleVisits). Written in
// the batch's transaction, so they commit with the message ids: a redelivered or crashed-and-retried
// batch changes nothing twice. The partial unique index visits_open_by_module_idx keeps one module
// visit open per lift whatever the order of arrival.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { ModuleVisitChange } from './derive-changes.ts';

export class ModuleVisitsRepository {
  /** Applies the switches in time order (rare: one or two statements per switch). */
  async apply(tx: Db, changes: readonly ModuleVisitChange[]): Promise<void> {
    const ordered = [...changes].sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const change of ordered) {
      const at = sql`${change.at.toISOString()}::timestamptz`;
      if (change.close) {
        await tx.execute(sql`
          update visits set state = 'finished', ended_at = greatest(started_at, ${at})
          where lift_id = ${change.liftId} and started_by_module and state = 'progress'`);
      }
      if (change.open) {
        await tx.execute(sql`
          insert into visits (lift_id, type, role, state, started_at, person, started_by_module)
          values (${change.liftId}, ${change.open}, 'mechanic', 'progress', ${at}, 'module', true)
          on conflict do nothing`);
      }
    }
  }
}
