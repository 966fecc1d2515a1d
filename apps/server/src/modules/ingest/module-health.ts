// The rules that fire on silence rather than on a message (DESIGN §4): a module not heard from for
// 10 minutes opens `sense_disconnected` (from its last message), an alarm phone without a good test
// call for 72 hours opens `intercom_unavailable` (from the moment the 72 hours ran out). A message
// closes either (see derive-changes). Time comes from the app clock, so tests step it by hand.
import type { FastifyBaseLogger } from 'fastify';
import type { OrganisationChangeKind } from '@liftwacht/contracts/realtime';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { databaseUnavailability } from '../../lib/database-errors.ts';
import { localDay } from '../../lib/local-day.ts';
import { PeriodicPass } from '../../lib/periodic-pass.ts';
import { senseSilenceMs } from '@liftwacht/contracts/ingest';
import type { IngestHooks } from './ingest.service.ts';
import { maxMessageAgeMs } from './message-parser.ts';
import type { ModuleHealthRepository } from './module-health.repository.ts';
import { lastClosedDay, type QuarterHourDaysRepository } from './quarter-hour-days.repository.ts';

export const intercomTestWindowMs = 72 * 3600_000;
// Hourly housekeeping: forgetting old message ids and closing counter days.
const retentionEveryMs = 3600_000;

export interface HealthRunSummary {
  disconnected: number;
  intercomUnavailable: number;
  forgottenMessageIds: number;
  closedCounterDays: number;
}

/** runOnce() answers what the pass found. */
export class ModuleHealthJob extends PeriodicPass<HealthRunSummary> {
  private lastRetentionAt = 0;
  /**
   * Since when this node has been able to hear modules. Right after a start nobody can tell a
   * silent module from a server that was down, so silence counts from here at the earliest. The
   * same after the database was unreachable: no message could be stored meanwhile, and modules
   * and the broker send them again once it is back.
   */
  private listeningSince: Date;

  constructor(
    private readonly repository: ModuleHealthRepository,
    private readonly quarterHourDays: QuarterHourDaysRepository,
    private readonly clock: Clock,
    private readonly hooks: IngestHooks,
    private readonly log: FastifyBaseLogger,
  ) {
    super('module health check', log);
    this.listeningSince = clock.now();
  }

  protected override failed(err: unknown): void {
    if (databaseUnavailability(err)) {
      this.listeningSince = this.clock.now();
      this.log.warn({ err }, 'module health check skipped: database unavailable; retrying on the next pass');
    } else {
      this.log.error({ err }, 'module health check failed');
    }
  }

  protected async pass(): Promise<HealthRunSummary> {
    const now = this.clock.now();
    const summary: HealthRunSummary = {
      disconnected: 0,
      intercomUnavailable: 0,
      forgottenMessageIds: 0,
      closedCounterDays: 0,
    };
    if (now.getTime() - this.listeningSince.getTime() >= senseSilenceMs) {
      const organisations = new Map<number, Set<OrganisationChangeKind>>();
      const created: number[] = [];
      const silentBefore = new Date(now.getTime() - senseSilenceMs);
      const testedBefore = new Date(now.getTime() - intercomTestWindowMs);
      const today = localDay(now);

      const silent = await this.repository.silentModules(this.repository.db, today, silentBefore);
      if (silent.length > 0) {
        const ids = await this.inTransaction(
          silent.map((s) => s.moduleId),
          async (tx, moduleIds) => {
            // Re-read under the lock: a message may have arrived meanwhile.
            const still = await this.repository.silentModules(tx, today, silentBefore, moduleIds);
            const eventIds = await this.repository.insertOpenEvents(
              tx,
              still.map((s) => ({ liftId: s.liftId, type: 'sense_disconnected', startedAt: s.lastSeenAt, data: null })),
            );
            const disconnected = still.map((s) => s.moduleId);
            if (disconnected.length > 0) await this.repository.markDisconnected(tx, disconnected);
            for (const s of still) add(organisations, s.organisationId, 'modules', 'events');
            return eventIds;
          },
        );
        summary.disconnected = ids.length;
        created.push(...ids);
      }

      const untested = await this.repository.untestedIntercoms(this.repository.db, today, testedBefore);
      if (untested.length > 0) {
        const ids = await this.inTransaction(
          untested.map((u) => u.moduleId),
          async (tx, moduleIds) => {
            const still = await this.repository.untestedIntercoms(tx, today, testedBefore, moduleIds);
            for (const s of still) add(organisations, s.organisationId, 'events');
            return this.repository.insertOpenEvents(
              tx,
              still.map((s) => ({
                liftId: s.liftId,
                type: 'intercom_unavailable',
                startedAt: new Date(s.lastGoodTestAt.getTime() + intercomTestWindowMs),
                data: { reason: 'no_test_call' },
              })),
            );
          },
        );
        summary.intercomUnavailable = ids.length;
        created.push(...ids);
      }
      if (created.length > 0) this.hooks.committed({ organisations, createdEventIds: created });
    }

    if (now.getTime() - this.lastRetentionAt >= retentionEveryMs) {
      this.lastRetentionAt = now.getTime();
      try {
        summary.forgottenMessageIds = await this.repository.forgetMessagesBefore(
          new Date(now.getTime() - maxMessageAgeMs - 24 * 3600_000),
        );
        summary.closedCounterDays = await this.quarterHourDays.closeThrough(lastClosedDay(now));
      } catch (err) {
        // An outage must not put the housekeeping off for an hour (a bug, though, should not make
        // it run every pass).
        if (databaseUnavailability(err)) this.lastRetentionAt = 0;
        throw err;
      }
    }
    return summary;
  }

  private async inTransaction(
    moduleIds: number[],
    work: (tx: Db, moduleIds: number[]) => Promise<number[]>,
  ): Promise<number[]> {
    return this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await this.repository.lockModules(tx, moduleIds);
      const eventIds = await work(tx, moduleIds);
      if (eventIds.length > 0) await this.hooks.eventsCreated(eventIds, tx);
      return eventIds;
    });
  }
}

function add(
  map: Map<number, Set<OrganisationChangeKind>>,
  organisationId: number,
  ...kinds: OrganisationChangeKind[]
) {
  const set = map.get(organisationId) ?? new Set<OrganisationChangeKind>();
  for (const k of kinds) set.add(k);
  map.set(organisationId, set);
}
