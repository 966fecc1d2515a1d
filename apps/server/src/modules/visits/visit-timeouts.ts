// The 12-hour rule (spec §4): a visit nobody closed becomes `timeout`. A background pass like the
// module health job; the UPDATE itself is the exactly-once guard across nodes, so every node may
// run it. The idempotency keys' expiry rides along, as housekeeping of the same field work.
import type { FastifyBaseLogger } from 'fastify';
import { visitTimeoutMs } from '@liftwacht/contracts/visits';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { PeriodicPass } from '../../lib/periodic-pass.ts';
import type { VisitWritesRepository } from './visit-writes.repository.ts';

/** How often the job looks for visits left open. */
export const visitTimeoutCheckIntervalMs = 60_000;

/** runOnce() answers how many visits timed out. */
export class VisitTimeoutJob extends PeriodicPass<number> {
  constructor(
    private readonly db: Db,
    private readonly writes: VisitWritesRepository,
    private readonly clock: Clock,
    private readonly changed: (organisationId: number) => void,
    private readonly housekeeping: () => Promise<unknown>,
    log: FastifyBaseLogger,
  ) {
    super('visit timeouts', log);
  }

  protected async pass(): Promise<number> {
    const now = this.clock.now();
    const timedOut = await this.writes.timeOut(this.db, new Date(now.getTime() - visitTimeoutMs), visitTimeoutMs);
    for (const organisationId of new Set(timedOut.map((v) => v.organisationId))) this.changed(organisationId);
    await this.housekeeping();
    return timedOut.length;
  }
}
