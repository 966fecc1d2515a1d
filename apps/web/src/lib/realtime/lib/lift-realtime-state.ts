// What the lift page shows live, as a reducer: connection state, alerts (newest first, capped),
// the latest sense data and the module's status. Every action names the lift and module it is
// for, so late answers for a lift the page has left are dropped.
import type { ModuleMessage, ProvisioningMessage } from '@liftwacht/contracts/ingest';
import type { ModuleStatus } from '@liftwacht/contracts/realtime';
import type { ConnectionState } from './lift-connection.ts';
import {
  deriveAlerts,
  emptyLevels,
  levelsFromSensorData,
  type AlertDescriptor,
  type ModuleLevels,
} from './module-alerts.ts';

/** The panel shows the latest alerts; older ones are in the events list. */
export const maxAlerts = 50;
/** Message ids remembered to drop redeliveries (docs/realtime.md §4: key on message.id). */
const maxSeenIds = 200;

export interface LiftRealtimeState {
  key: string;
  connection: ConnectionState;
  alerts: readonly AlertDescriptor[];
  sensorData: Readonly<Record<string, unknown>>;
  /** When each sense data value was observed (epoch ms), so an older answer never hides a newer frame. */
  sensorAt: Readonly<Record<string, number>>;
  moduleStatus: ModuleStatus | undefined;
  levels: ModuleLevels;
  seenIds: readonly string[];
}

export type LiftRealtimeAction = { key: string } & (
  | { type: 'connection'; state: ConnectionState }
  | { type: 'sensorData'; values: Record<string, { value: unknown; at: string }> }
  | { type: 'moduleStatus'; status: ModuleStatus }
  | { type: 'module'; message: ModuleMessage }
  | { type: 'provisioning'; message: ProvisioningMessage }
);

export const initialLiftRealtimeState = (key: string): LiftRealtimeState => ({
  key,
  connection: 'idle',
  alerts: [],
  sensorData: {},
  sensorAt: {},
  moduleStatus: undefined,
  levels: emptyLevels,
  seenIds: [],
});

/** The readings and levels a module message carries, as the server keeps them in sense data. */
function readingsOf(message: ModuleMessage): Record<string, unknown> {
  const readings: Record<string, unknown> = { ...message.f };
  for (const key of ['available', 'floor', 'faults', 'sensorFailures'] as const) {
    if (message[key] !== undefined) readings[key] = message[key];
  }
  return readings;
}

/** Takes each value unless the state holds one observed later. */
function mergeNewer(
  state: LiftRealtimeState,
  values: Record<string, { value: unknown; at: number }>,
): Pick<LiftRealtimeState, 'sensorData' | 'sensorAt'> {
  const sensorData = { ...state.sensorData };
  const sensorAt = { ...state.sensorAt };
  for (const [key, { value, at }] of Object.entries(values)) {
    const known = sensorAt[key];
    if (known !== undefined && known > at) continue;
    sensorData[key] = value;
    sensorAt[key] = at;
  }
  return { sensorData, sensorAt };
}

const stamped = (readings: Record<string, unknown>, at: string) =>
  Object.fromEntries(Object.entries(readings).map(([key, value]) => [key, { value, at: Date.parse(at) }]));

export function liftRealtimeReducer(current: LiftRealtimeState, action: LiftRealtimeAction): LiftRealtimeState {
  const state = current.key === action.key ? current : initialLiftRealtimeState(action.key);
  switch (action.type) {
    case 'connection':
      return { ...state, connection: action.state };
    case 'sensorData': {
      const values = Object.fromEntries(
        Object.entries(action.values).map(([key, { value, at }]) => [key, { value, at: Date.parse(at) }]),
      );
      const merged = mergeNewer(state, values);
      return { ...state, ...merged, levels: levelsFromSensorData(merged.sensorData) };
    }
    case 'moduleStatus':
      return { ...state, moduleStatus: action.status };
    case 'module': {
      if (state.seenIds.includes(action.message.id)) return state;
      const { levels, alerts } = deriveAlerts(state.levels, action.message);
      return {
        ...state,
        levels,
        ...mergeNewer(state, stamped(readingsOf(action.message), action.message.t)),
        alerts: [...alerts.reverse(), ...state.alerts].slice(0, maxAlerts),
        seenIds: [action.message.id, ...state.seenIds].slice(0, maxSeenIds),
      };
    }
    case 'provisioning':
      return { ...state, ...mergeNewer(state, stamped(action.message.e, action.message.t)) };
  }
}
