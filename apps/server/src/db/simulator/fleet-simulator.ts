// The demo fleet comes alive: `npm start` runs one virtual module per demo module fitted in a lift,
// picking up where the seeded history left off (a lift that is down stays down for a while, a
// disconnected module stays silent for a while, a failing alarm phone keeps failing until repaired).
// It follows the demo fleet as administrators change it: every few seconds it looks which demo
// modules are in which lift, starts the ones moved since, and stops the ones taken out. Only the
// demo seed's modules (modules.demo) are ever simulated: a module registered through the API is a
// real one, and a made-up message for it would be a lie on a real lift (a fake "available" closing
// a real breakdown, a ride counter jumping).
import { sql } from 'drizzle-orm';
import { faultCodes, type FaultCode, type TestResult } from '@liftwacht/contracts/ingest';
import type { Db } from '../database.ts';
import { sqlRows } from '../sql-rows.ts';
import { ModuleSimulator, type SimulatorLog } from './module-simulator.ts';
import type { ModuleProfile } from './virtual-module.ts';

interface FleetRow {
  es: string;
  firmware: string | null;
  hasIntercom: boolean;
  lowestFloor: number | null;
  highestFloor: number | null;
  downCause: string | null;
  disconnected: boolean;
  intercomFailure: string | null;
  sensorFailures: string[] | null;
  totalRides: number | null;
  doorCycles: number | null;
}

const MINUTE = 60_000;

/** Profiles of the demo modules fitted in a lift: every one, or those of `esNumbers`. */
export async function loadFleetProfiles(
  db: Db,
  now: Date,
  esNumbers: readonly string[] | null = null,
): Promise<ModuleProfile[]> {
  const rows = await sqlRows<FleetRow>(
    db,
    sql`
    with open_events as (
      select e.lift_id, e.type, e.data from events e
      where e.ended_at is null
        and e.type in ('unavailable', 'sense_disconnected', 'intercom_unavailable', 'sense_failure')
    )
    select m.es_number as es, m.firmware, l.lift_type is not null as "hasIntercom",
           floors.lo as "lowestFloor", floors.hi as "highestFloor",
           (select oe.data->>'cause' from open_events oe where oe.lift_id = l.id and oe.type = 'unavailable' limit 1)
             as "downCause",
           exists (select 1 from open_events oe where oe.lift_id = l.id and oe.type = 'sense_disconnected')
             as disconnected,
           (select oe.data->>'testResult' from open_events oe
            where oe.lift_id = l.id and oe.type = 'intercom_unavailable' and oe.data->>'reason' = 'test_failed' limit 1)
             as "intercomFailure",
           (select array_agg(oe.data->>'sensor') from open_events oe
            where oe.lift_id = l.id and oe.type = 'sense_failure' and oe.data->>'sensor' is not null)
             as "sensorFailures",
           (select (d.value #>> '{}')::float8 from sense_data d where d.lift_id = l.id and d.key = 'f5')
             as "totalRides",
           (select (d.value #>> '{}')::float8 from sense_data d where d.lift_id = l.id and d.key = 'f7')
             as "doorCycles"
    from modules m
    join lifts l on l.id = m.lift_id and m.demo
    left join lateral (
      select min(e.floor)::int as lo, max(e.floor)::int as hi from events e where e.lift_id = l.id and e.floor is not null
    ) floors on true
    ${esNumbers === null ? sql`` : sql`where m.es_number = any(${sql.param([...esNumbers])}::text[])`}
    order by m.es_number`,
  );
  return rows.map((r, i) => {
    const lowest = Math.min(0, r.lowestFloor ?? 0);
    const highest = Math.max(lowest + 3, r.highestFloor ?? 0);
    const cause = r.downCause?.replace(/^en627_/, '');
    const failure = ['speaker', 'microphone', 'battery'].includes(r.intercomFailure ?? '')
      ? (r.intercomFailure as Exclude<TestResult, 'ok'>)
      : null;
    return {
      es: r.es,
      firmware: r.firmware ?? '4.2.1',
      hasIntercom: r.hasIntercom,
      lowestFloor: lowest,
      floors: highest - lowest + 1,
      start: {
        down:
          r.downCause === null
            ? null
            : { cause: faultCodes.includes(cause as FaultCode) ? (cause as FaultCode) : 'cannot_start' },
        // A module the seed left disconnected comes back after a while, one by one.
        silentUntil: r.disconnected ? new Date(now.getTime() + (20 + ((i * 7) % 70)) * MINUTE) : null,
        intercomFailure: failure,
        sensorFailures: r.sensorFailures ?? [],
        // The ride and door counters go on from the seeded readings.
        totalRides: r.totalRides,
        doorCycles: r.doorCycles,
      },
    };
  });
}

/** How often the simulator looks for modules registered, moved or taken out since it last looked. */
export const fleetFollowIntervalMs = 10_000;

/** Every module about every 5 s, unless a rate is configured. */
const defaultRate = (modules: number) => Math.max(1, modules / 5);

export interface FleetSimulatorOptions {
  db: Db;
  brokerUrl: string;
  /** Messages per second; every module about every 5 s when omitted. */
  rate: number | undefined;
  log: SimulatorLog;
  now: () => Date;
}

/** The virtual modules of the fleet, kept in step with the modules fitted in lifts. */
export class FleetSimulator {
  readonly simulator: ModuleSimulator;
  /** The lift each simulated module was in when it started. */
  private readonly liftOf = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private following: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: FleetSimulatorOptions) {
    this.simulator = new ModuleSimulator({
      brokerUrl: options.brokerUrl,
      modules: [],
      rate: options.rate ?? defaultRate(0),
      log: options.log,
    });
  }

  get size(): number {
    return this.simulator.size;
  }

  /**
   * Starts what was fitted in a lift since the last look, and stops what was taken out; a module
   * moved to another lift starts again with that lift's profile. One cheap query when nothing changed.
   */
  async follow(): Promise<{ added: string[]; removed: string[] }> {
    const rows = await sqlRows<{ es: string; liftId: number }>(
      this.options.db,
      sql`select es_number as es, lift_id as "liftId" from modules where lift_id is not null and demo`,
    );
    const fitted = new Map(rows.map((r) => [r.es, r.liftId]));
    const stale = [...this.liftOf].filter(([es, liftId]) => fitted.get(es) !== liftId).map(([es]) => es);
    for (const es of stale) {
      this.liftOf.delete(es);
      await this.simulator.remove(es);
    }
    const fresh = [...fitted.keys()].filter((es) => !this.liftOf.has(es));
    const profiles = fresh.length === 0 ? [] : await loadFleetProfiles(this.options.db, this.options.now(), fresh);
    for (const profile of profiles) {
      const liftId = fitted.get(profile.es);
      if (liftId === undefined) continue;
      this.liftOf.set(profile.es, liftId);
      this.simulator.add(profile);
    }
    if (this.options.rate === undefined) this.simulator.setRate(defaultRate(this.simulator.size));
    const added = profiles.map((p) => p.es);
    const removed = stale.filter((es) => !added.includes(es));
    if (this.timer && (added.length > 0 || removed.length > 0)) {
      this.options.log.info({ added, removed, modules: this.simulator.size }, 'module simulator follows the fleet');
    }
    return { added, removed };
  }

  /** Connects the modules fitted now, then follows the fleet every `intervalMs`. */
  async start(intervalMs = fleetFollowIntervalMs): Promise<void> {
    await this.follow();
    await this.simulator.start();
    this.timer = setInterval(() => {
      // One look at a time: a slow database must not pile them up.
      this.following = this.following.then(() =>
        this.follow().catch((err: unknown) => {
          this.options.log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'simulator could not reload the fleet',
          );
        }),
      );
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.following;
    await this.simulator.stop();
  }
}

/** Starts the simulator for every module fitted in a lift, and keeps it following the fleet. */
export async function startFleetSimulator(options: FleetSimulatorOptions): Promise<FleetSimulator> {
  const fleet = new FleetSimulator(options);
  await fleet.start();
  return fleet;
}
