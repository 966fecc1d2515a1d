// The demo fleet comes alive: `npm start` runs one virtual module per module in the database,
// picking up where the seeded history left off (a lift that is down stays down for a while, a
// disconnected module stays silent for a while, a failing alarm phone keeps failing until repaired).
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

export async function loadFleetProfiles(db: Db, now: Date): Promise<ModuleProfile[]> {
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
    join lifts l on l.id = m.lift_id
    left join lateral (
      select min(e.floor)::int as lo, max(e.floor)::int as hi from events e where e.lift_id = l.id and e.floor is not null
    ) floors on true
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

/** Starts the simulator for every module of the database; null when there are none. */
export async function startFleetSimulator(options: {
  db: Db;
  brokerUrl: string;
  /** Messages per second; every module about every 5 s when omitted. */
  rate: number | undefined;
  log: SimulatorLog;
  now: Date;
}): Promise<ModuleSimulator | null> {
  const modules = await loadFleetProfiles(options.db, options.now);
  if (modules.length === 0) return null;
  const simulator = new ModuleSimulator({
    brokerUrl: options.brokerUrl,
    modules,
    rate: options.rate ?? Math.max(1, modules.length / 5),
    log: options.log,
  });
  await simulator.start();
  return simulator;
}
