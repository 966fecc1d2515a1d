// Approvals run out as time passes (docs/dashboard-rules.md: past the day its inspection was due a
// lift is "inspection expired"): a background pass like the visit timeouts opens `approval_expired`
// on each lift in service whose latest approval ran out, or that was never approved by 12 months
// after commissioning, and that has none open, from the day after the due day (as the seed and the
// inspections service date it). It goes through app.liftEvents, so subscribers are mailed;
// a new approval ends it (inspections.service.ts). Every node runs the pass: the lifts' row locks and
// the re-read under them make each event open once, whatever the number of nodes.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isoToDay, localMidnight } from '../../db/seed/amsterdam-time.ts';
import type { Clock } from '../../lib/clock.ts';
import { localDay } from '../../lib/local-day.ts';
import { PeriodicPass } from '../../lib/periodic-pass.ts';
import type { LiftEventRecorder } from '../events/event-recorder.ts';
import type { ApprovalExpiryRepository, LapsedApproval } from './approval-expiry.repository.ts';

/** Approvals end at a local midnight: a check every ten minutes opens the event soon after. */
export const approvalExpiryCheckIntervalMs = 10 * 60_000;
/** Lifts locked per transaction: the first pass after an upgrade may find many at once. */
const batchSize = 200;

/** When an inspection due on `dueOn` (yyyy-MM-dd, an approval's last valid day) has expired: local midnight after it. */
export const approvalExpiredAt = (dueOn: string): Date => new Date(localMidnight(isoToDay(dueOn) + 1));

export interface ApprovalExpiryEffects {
  events: LiftEventRecorder;
  /** After the commit: send the queued mails and tell the organisation's dashboards. */
  committed(organisationIds: ReadonlySet<number>): void;
}

/** runOnce() answers how many approval_expired events it opened. */
export class ApprovalExpiryJob extends PeriodicPass<number> {
  constructor(
    private readonly repository: ApprovalExpiryRepository,
    private readonly clock: Clock,
    private readonly effects: ApprovalExpiryEffects,
    log: FastifyBaseLogger,
  ) {
    super('approval expiry', log);
  }

  protected async pass(): Promise<number> {
    const today = localDay(this.clock.now());
    const lapsed = await this.repository.lapsedWithoutEvent(this.repository.db, today);
    let opened = 0;
    for (let start = 0; start < lapsed.length; start += batchSize) {
      const batch = lapsed.slice(start, start + batchSize);
      const organisations = await this.open(today, batch);
      opened += organisations.length;
      if (organisations.length > 0) this.effects.committed(new Set(organisations));
    }
    return opened;
  }

  /** Opens the batch's events in one transaction; answers the organisation of each one opened. */
  private open(today: string, batch: readonly LapsedApproval[]): Promise<number[]> {
    return this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const liftIds = batch.map((b) => b.liftId);
      await this.repository.lockLifts(tx, liftIds);
      // Again under the locks: another node's pass, or an approval recorded meanwhile, has committed.
      const still = await this.repository.lapsedWithoutEvent(tx, today, liftIds);
      const organisations: number[] = [];
      for (const lift of still) {
        const id = await this.effects.events.openState(
          { liftId: lift.liftId, type: 'approval_expired', startedAt: approvalExpiredAt(lift.dueOn) },
          { db: tx },
        );
        if (id !== null) organisations.push(lift.organisationId);
      }
      return organisations;
    });
  }
}
