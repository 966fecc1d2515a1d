// Stores one batch of validated module messages in one transaction: lock the modules, keep only
// messages not stored before, derive each lift's changes and write them, then tell the rest of the
// server (mails in the transaction, realtime after the commit).
import type { OrganisationChangeKind } from '@liftwacht/contracts/realtime';
import type { Db } from '../../db/database.ts';
import { refreshAvailabilityRollup } from '../../db/rollups/availability-rollup.ts';
import { lockMaintenanceRides } from '../../db/rollups/rides-since-maintenance.ts';
import type { Clock } from '../../lib/clock.ts';
import { senseSilenceMs } from '@liftwacht/contracts/ingest';
import { ModuleVisitsRepository } from './module-visits.repository.ts';
import { deriveLiftChanges, stateKeys, type LiftChanges, type SenseValue } from './derive-changes.ts';
import type { IngestRepository, ModuleHeard, UnregisteredHeard } from './ingest.repository.ts';
import type { ParsedMessage, Rejection } from './message-parser.ts';
import type { SenseDataWriter } from './sense-data-writer.ts';

export type ItemOutcome =
  { status: 'accepted' } | { status: 'duplicate' } | { status: 'rejected'; rejection: Rejection };

export interface CommittedBatch {
  /** What changed per organisation, for dashboards and the current-calls page. */
  organisations: Map<number, Set<OrganisationChangeKind>>;
  createdEventIds: number[];
}

export interface IngestHooks {
  /** Inside the batch's transaction, with the events it created: queue the subscribers' mails. */
  eventsCreated(eventIds: number[], tx: Db): Promise<void>;
  /** After the commit. Must not throw. */
  committed(batch: CommittedBatch): void;
}

/** PostgreSQL errors worth a second try: the batch's locks lost to another node's. */
const retryableCodes = new Set(['40001', '40P01']);
const maxAttempts = 4;

function isRetryable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && retryableCodes.has(code)) return true;
  }
  return false;
}

const unknownModule: ItemOutcome = {
  status: 'rejected',
  rejection: { reason: 'unknown_module', message: 'no module with this es number is registered' },
};

export class IngestService {
  private readonly moduleVisits = new ModuleVisitsRepository();

  constructor(
    private readonly repository: IngestRepository,
    private readonly clock: Clock,
    private readonly hooks: IngestHooks,
    private readonly readings: SenseDataWriter,
  ) {}

  /** One outcome per message, in order. Throws when the batch could not be stored (nothing was). */
  async storeBatch(items: readonly ParsedMessage[]): Promise<ItemOutcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(items);
      } catch (err) {
        if (attempt >= maxAttempts || !isRetryable(err)) throw err;
      }
    }
  }

  private async attempt(items: readonly ParsedMessage[]): Promise<ItemOutcome[]> {
    const now = this.clock.now();
    const { outcomes, committed, readings } = await this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // The same message twice in one batch: the second is a duplicate like any redelivery.
      const firstOfKey = new Map<string, number>();
      items.forEach((item, index) => {
        if (!firstOfKey.has(item.key)) firstOfKey.set(item.key, index);
      });
      const claims = [...firstOfKey.keys()].map((key) => ({ key, es: key.slice(0, key.indexOf(':')) }));
      const locked = await this.repository.lockAndClaim(tx, [...new Set(items.map((i) => i.es))], claims, now);
      const modules = new Map(locked.modules.map((m) => [m.esNumber, m]));
      const { fresh } = locked;
      const unregistered = new Map<string, UnregisteredHeard>();
      const outcomes: ItemOutcome[] = items.map((item, index) => {
        if (!modules.has(item.es)) {
          countUnregistered(unregistered, item);
          return unknownModule;
        }
        return firstOfKey.get(item.key) === index && fresh.has(item.key)
          ? { status: 'accepted' }
          : { status: 'duplicate' };
      });
      const accepted = items.filter((_, index) => outcomes[index]?.status === 'accepted');

      // Per lift: derive, then write everything set-based.
      const byLift = new Map<number, ParsedMessage[]>();
      const organisations = new Map<number, Set<OrganisationChangeKind>>();
      const touched = new Map<number, ModuleHeard>();
      for (const m of accepted) {
        const mod = modules.get(m.es);
        if (!mod) continue;
        touched.set(mod.id, heardFrom(touched.get(mod.id) ?? { id: mod.id, firmware: null, provisioning: null }, m));
        if (mod.liftId === null || mod.organisationId === null) continue;
        const list = byLift.get(mod.liftId) ?? [];
        list.push(m);
        byLift.set(mod.liftId, list);
        const silent = !mod.connected || !mod.lastSeenAt || now.getTime() - mod.lastSeenAt.getTime() > senseSilenceMs;
        if (silent) kindsOf(organisations, mod.organisationId).add('modules');
      }
      const liftInfo = [...modules.values()].flatMap((m) =>
        m.liftId !== null && m.organisationId !== null && byLift.has(m.liftId)
          ? [{ liftId: m.liftId, organisationId: m.organisationId, hasIntercom: m.hasIntercom }]
          : [],
      );
      const states = await this.repository.liftStates(tx, liftInfo);
      const all: LiftChanges[] = [];
      for (const [liftId, messages] of byLift) {
        const state = states.get(liftId);
        if (!state) continue;
        const changes = deriveLiftChanges(state, messages, now);
        all.push(changes);
        for (const kind of changes.kinds) kindsOf(organisations, state.organisationId).add(kind);
      }

      // State keys decide events, so they commit with them; plain readings follow after the commit.
      const sense = all.flatMap((c) => c.senseData);
      const isState = (v: SenseValue) => (stateKeys as readonly string[]).includes(v.key);
      // Rides and module visits change lift_maintenance_rides through triggers, in no set order.
      await lockMaintenanceRides(
        tx,
        all.filter((c) => c.moduleVisits.length > 0 || c.counters.some((k) => k.kind === 'rides')).map((c) => c.liftId),
      );
      const createdEventIds = await this.repository.applyChanges(
        tx,
        {
          newEvents: all.flatMap((c) => c.newEvents),
          closeEvents: all.flatMap((c) => c.closeEvents),
          calls: all.flatMap((c) => c.calls),
          counters: all.flatMap((c) => c.counters),
          state: sense.filter(isState),
          touched: [...touched.values()],
          unregistered: [...unregistered.values()],
        },
        now,
      );
      // A module's service mode opens and ends its visits, with the batch (exactly once).
      const moduleVisits = all.flatMap((c) => c.moduleVisits);
      if (moduleVisits.length > 0) await this.moduleVisits.apply(tx, moduleVisits);
      for (const kind of ['unavailable', 'intercom_unavailable'] as const) {
        const ids = all.filter((c) => c.rollupKinds.has(kind)).map((c) => c.liftId);
        // The stats engine reads closed outages from the rollup, so it changes with them.
        if (ids.length > 0) await refreshAvailabilityRollup(tx, kind, ids);
      }
      if (createdEventIds.length > 0) await this.hooks.eventsCreated(createdEventIds, tx);
      return {
        outcomes,
        committed: { organisations, createdEventIds },
        readings: sense.filter((v) => !isState(v)),
      };
    });
    this.readings.record(readings);
    this.hooks.committed(committed);
    return outcomes;
  }
}

/** What a batch heard from a module: the firmware it reported last, and its latest provisioning message. */
function heardFrom(heard: ModuleHeard, m: ParsedMessage): ModuleHeard {
  if (m.kind !== 'provisioning') return heard;
  // A late redelivery of an older setup must not win over the newer one, firmware included.
  if (heard.provisioning !== null && m.at < heard.provisioning.at) return heard;
  return {
    id: heard.id,
    firmware: m.message.firmware ?? heard.firmware,
    provisioning: { message: m.message, at: m.at },
  };
}

/** Messages of an ES number nobody registered, summed per batch so the batch writes one row each. */
function countUnregistered(counts: Map<string, UnregisteredHeard>, m: ParsedMessage): void {
  const known = counts.get(m.es);
  if (known) {
    known.messages++;
    known.lastKind = m.kind;
  } else {
    counts.set(m.es, { esNumber: m.es, messages: 1, lastKind: m.kind });
  }
}

function kindsOf(map: Map<number, Set<OrganisationChangeKind>>, organisationId: number) {
  let kinds = map.get(organisationId);
  if (!kinds) {
    kinds = new Set();
    map.set(organisationId, kinds);
  }
  return kinds;
}
