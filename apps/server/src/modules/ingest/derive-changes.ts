// The domain rules of ingest (DESIGN §4), as a pure function: given one lift's open events and last
// known state, and its new messages in time order, which events open and close, which calls change,
// what the counters add and which sense values are latest. No I/O, so every rule is tested directly.
import {
  faultEventType,
  type AlarmCallReport,
  type ModuleMessage,
  type ServiceMode,
  type TestCallReport,
} from '@liftwacht/contracts/ingest';
import type { EventType } from '@liftwacht/contracts/event-types';
import type { OrganisationChangeKind } from '@liftwacht/contracts/realtime';
import type { ParsedMessage } from './message-parser.ts';

/** Event types ingest opens and closes itself; their open rows are loaded before deriving. */
export const managedOpenEventTypes = [
  'unavailable',
  'sense_failure',
  'sense_disconnected',
  'intercom_unavailable',
  'battery',
  'alarm_call',
  'en627_emergency_stop',
  'en627_lock_circuit_broken',
  'en627_door_closing_fault',
  'en627_stopped_outside_door_zone',
  'en627_cannot_start',
  'en627_low_control_voltage',
  'en627_door_opening_fault',
  'en627_main_supply_off',
  'en627_inspection_mode',
  'en627_alarm_button_pressed',
  'en627_car_light_supply_off',
] as const satisfies readonly EventType[];

/**
 * Module message keys that are levels. Each is also kept as sense data under its own name, whose
 * time tells a late frame (older than the last one applied for that key) to leave it alone.
 */
export const stateKeys = ['available', 'floor', 'faults', 'sensorFailures', 'serviceMode'] as const;
export type StateKey = (typeof stateKeys)[number];

type ModuleParsed = Extract<ParsedMessage, { kind: 'module' }>;

export interface OpenEvent {
  /** null: opened by this batch. */
  id: number | null;
  type: string;
  startedAt: Date;
  floor: number | null;
  data: Record<string, unknown> | null;
  /** The row this batch will insert, for an event opened by this batch. */
  created?: NewEvent;
}

export interface LiftState {
  liftId: number;
  organisationId: number;
  /** lift_type set: an alarm phone is fitted, so the intercom rules apply. */
  hasIntercom: boolean;
  openEvents: OpenEvent[];
  /** When each state field was last applied (sense_data.at). */
  stateAt: Partial<Record<StateKey, Date>>;
  lastFloor: number | null;
  /** The last service mode applied (null: never reported, as `off`). */
  serviceMode: ServiceMode | null;
}

/**
 * A module's service mode switched (in time order per lift): end its open visit, open a new one,
 * or both (maintenance → inspection).
 */
export interface ModuleVisitChange {
  liftId: number;
  at: Date;
  close: boolean;
  open: 'maintenance' | 'inspection' | null;
}

export interface NewEvent {
  liftId: number;
  type: EventType;
  startedAt: Date;
  endedAt: Date | null;
  floor: number | null;
  data: Record<string, unknown> | null;
  sourceMessageId: string;
}

export interface CallUpsert {
  liftId: number;
  /** calls.source_message_id: `{es}:call:{callId}` for alarm calls, the message key for test calls. */
  sourceId: string;
  kind: 'entrapment' | 'false_alarm' | 'test' | 'other' | null;
  receivedAt: Date | null;
  acknowledgedAt: Date | null;
  endedAt: Date | null;
  /** Earliest time any phase was seen: the start when `received` never arrives. */
  firstSeenAt: Date;
  testResult: string | null;
  handledBy: string | null;
  notes: string | null;
}

export interface CounterAdd {
  liftId: number;
  kind: 'rides' | 'energy_wh';
  bucketStart: Date;
  value: number;
}

export interface SenseValue {
  liftId: number;
  key: string;
  value: unknown;
  at: Date;
}

export interface LiftChanges {
  liftId: number;
  newEvents: NewEvent[];
  /** Existing open events to end. */
  closeEvents: { id: number; endedAt: Date }[];
  calls: CallUpsert[];
  counters: CounterAdd[];
  senseData: SenseValue[];
  /** Availability kinds whose closed intervals changed: their rollup needs a refresh. */
  rollupKinds: Set<'unavailable' | 'intercom_unavailable'>;
  kinds: Set<OrganisationChangeKind>;
  moduleVisits: ModuleVisitChange[];
}

const quarterHourMs = 15 * 60_000;

export function bucketStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / quarterHourMs) * quarterHourMs);
}

/**
 * Derives one lift's changes. `messages` are this lift's new (not duplicate) messages; `heardAt` is
 * when the server received them (module silence ends then, whatever the module's clock says).
 */
export function deriveLiftChanges(state: LiftState, messages: readonly ParsedMessage[], heardAt: Date): LiftChanges {
  const changes: LiftChanges = {
    liftId: state.liftId,
    newEvents: [],
    closeEvents: [],
    calls: [],
    counters: [],
    senseData: [],
    rollupKinds: new Set(),
    kinds: new Set(),
    moduleVisits: [],
  };
  const open = [...state.openEvents];
  let serviceMode: ServiceMode = state.serviceMode ?? 'off';
  const stateAt = { ...state.stateAt };
  let floor = state.lastFloor;
  const counters = new Map<string, CounterAdd>();
  const sense = new Map<string, SenseValue>();
  const calls = new Map<string, CallUpsert>();

  const openEvent = (
    type: EventType,
    at: Date,
    source: string,
    extra: { floor?: number | null; data?: Record<string, unknown> | null; endedAt?: Date | null } = {},
  ) => {
    const event: NewEvent = {
      liftId: state.liftId,
      type,
      startedAt: at,
      endedAt: extra.endedAt ?? null,
      floor: extra.floor ?? null,
      data: extra.data ?? null,
      sourceMessageId: `${source}#${type}`,
    };
    changes.newEvents.push(event);
    if (event.endedAt === null) {
      open.push({ id: null, type, startedAt: at, floor: event.floor, data: event.data, created: event });
    }
    changes.kinds.add('events');
    if (event.endedAt && (type === 'unavailable' || type === 'intercom_unavailable')) changes.rollupKinds.add(type);
    return event;
  };

  /** Ends an open event at `at`; an event cannot end before it started, so such a late close is skipped. */
  const closeEvent = (event: OpenEvent, at: Date): boolean => {
    if (at < event.startedAt) return false;
    open.splice(open.indexOf(event), 1);
    if (event.created) {
      event.created.endedAt = at;
    } else if (event.id !== null) {
      changes.closeEvents.push({ id: event.id, endedAt: at });
    }
    changes.kinds.add('events');
    if (event.type === 'unavailable' || event.type === 'intercom_unavailable') changes.rollupKinds.add(event.type);
    return true;
  };

  const findOpen = (type: string, match?: (data: Record<string, unknown> | null) => boolean) =>
    open.find((e) => e.type === type && (!match || match(e.data)));

  // A message from the module ends its silence, whichever message it is.
  if (messages.length > 0) {
    for (const e of open.filter((e) => e.type === 'sense_disconnected')) {
      if (closeEvent(e, heardAt)) changes.kinds.add('modules');
    }
  }

  const ordered = [...messages].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const m of ordered) {
    if (m.kind === 'provisioning') {
      recordReadings(m.message.e, m.at);
      continue;
    }
    const message = m.message;
    applyState(message, m.at, m.key);
    addCounters(message, m.at);
    if (message.alarmCall) applyAlarmCall(m, message.alarmCall);
    if (message.testCall) applyTestCall(m, message.testCall);
    recordReadings(message.f, m.at);
    for (const key of stateKeys) {
      const value = message[key];
      if (value !== undefined) recordSense(key, value, m.at);
    }
  }

  /** Whether a state field reported at `at` is the latest applied (then it is from now on). */
  function fresh(key: StateKey, at: Date): boolean {
    const last = stateAt[key];
    if (last && at < last) return false;
    stateAt[key] = at;
    return true;
  }

  function applyState(message: ModuleMessage, at: Date, source: string) {
    if (message.floor !== undefined && fresh('floor', at)) floor = message.floor;
    const here = message.floor ?? floor;

    if (message.serviceMode !== undefined && fresh('serviceMode', at) && message.serviceMode !== serviceMode) {
      changes.moduleVisits.push({
        liftId: state.liftId,
        at,
        close: serviceMode !== 'off',
        open: message.serviceMode === 'off' ? null : message.serviceMode,
      });
      serviceMode = message.serviceMode;
      changes.kinds.add('visits');
    }

    if (message.faults !== undefined && fresh('faults', at)) {
      const active = new Set(message.faults.map(faultEventType));
      for (const e of open.filter((e) => e.type.startsWith('en627_'))) {
        if (!active.has(e.type as ReturnType<typeof faultEventType>)) closeEvent(e, at);
      }
      for (const type of active) if (!findOpen(type)) openEvent(type, at, source, { floor: here });
    }

    if (message.sensorFailures !== undefined && fresh('sensorFailures', at)) {
      const failing = new Set(message.sensorFailures);
      for (const e of open.filter((e) => e.type === 'sense_failure')) {
        const sensor = typeof e.data?.sensor === 'string' ? e.data.sensor : null;
        if (sensor === null || !failing.has(sensor)) closeEvent(e, at);
      }
      for (const sensor of failing) {
        if (!findOpen('sense_failure', (d) => d?.sensor === sensor)) {
          openEvent('sense_failure', at, `${source}#${sensor}`, { data: { sensor } });
        }
      }
    }

    if (message.available !== undefined && fresh('available', at)) {
      const down = findOpen('unavailable');
      if (!message.available && !down) {
        // The fault that took it down, as the seed and the events page record it.
        const cause = message.faults?.[0]
          ? faultEventType(message.faults[0])
          : (open.filter((e) => e.type.startsWith('en627_')).at(-1)?.type ?? null);
        openEvent('unavailable', at, source, { floor: here, data: cause ? { cause } : null });
      } else if (message.available && down) {
        closeEvent(down, at);
      }
    }
  }

  function addCounters(message: ModuleMessage, at: Date) {
    for (const [field, kind] of [
      ['rides', 'rides'],
      ['energyWh', 'energy_wh'],
    ] as const) {
      const value = message[field];
      if (value === undefined || value <= 0) continue;
      const bucket = bucketStart(at);
      const key = `${kind}|${String(bucket.getTime())}`;
      const entry = counters.get(key);
      if (entry) entry.value += value;
      else counters.set(key, { liftId: state.liftId, kind, bucketStart: bucket, value });
    }
  }

  function recordReadings(readings: Record<string, unknown>, at: Date) {
    for (const [key, value] of Object.entries(readings)) recordSense(key, value, at);
  }

  function recordSense(key: string, value: unknown, at: Date) {
    const latest = sense.get(key);
    if (!latest || latest.at <= at) sense.set(key, { liftId: state.liftId, key, value, at });
  }

  function applyAlarmCall(m: ModuleParsed, report: AlarmCallReport) {
    changes.kinds.add('calls');
    const sourceId = `${m.es}:call:${report.callId}`;
    const call = calls.get(sourceId) ?? {
      liftId: state.liftId,
      sourceId,
      kind: null,
      receivedAt: null,
      acknowledgedAt: null,
      endedAt: null,
      firstSeenAt: m.at,
      testResult: null,
      handledBy: null,
      notes: null,
    };
    calls.set(sourceId, call);
    if (m.at < call.firstSeenAt) call.firstSeenAt = m.at;
    if (report.kind) call.kind = report.kind;
    if (report.handledBy) call.handledBy = report.handledBy;
    if (report.notes) call.notes = report.notes;
    const callEvent = findOpen('alarm_call', (d) => d?.callId === report.callId);
    if (report.phase === 'received') {
      call.receivedAt = m.at;
      if (!callEvent) {
        openEvent('alarm_call', m.at, m.key, {
          floor: m.message.floor ?? floor,
          data: { callKind: report.kind ?? 'other', callId: report.callId },
        });
      }
    } else if (report.phase === 'acknowledged') {
      call.acknowledgedAt = m.at;
    } else {
      call.endedAt = m.at;
      if (callEvent) closeEvent(callEvent, m.at);
    }
  }

  function applyTestCall(m: ModuleParsed, report: TestCallReport) {
    changes.kinds.add('calls');
    const startedAt = new Date(m.at.getTime() - (report.durationSeconds ?? 0) * 1000);
    calls.set(m.key, {
      liftId: state.liftId,
      sourceId: m.key,
      kind: 'test',
      receivedAt: startedAt,
      acknowledgedAt: startedAt,
      endedAt: m.at,
      firstSeenAt: startedAt,
      testResult: report.result,
      handledBy: null,
      // Data in the fleet's language, like the seeded calls.
      notes: report.automatic ? null : 'Handmatige testoproep.',
    });
    if (!state.hasIntercom) return;
    if (report.result === 'ok') {
      // EN 81-28: the next good test call ends the intercom outage, and proves the battery.
      for (const type of ['intercom_unavailable', 'battery']) {
        const event = findOpen(type);
        if (event) closeEvent(event, m.at);
      }
      return;
    }
    openEvent('periodic_test_failed', startedAt, m.key, { endedAt: m.at, data: { testResult: report.result } });
    if (!findOpen('intercom_unavailable')) {
      openEvent('intercom_unavailable', m.at, m.key, { data: { reason: 'test_failed', testResult: report.result } });
    }
    if (report.result === 'battery' && !findOpen('battery')) {
      openEvent('battery', m.at, m.key, {
        data: report.batteryVoltage === undefined ? null : { voltage: report.batteryVoltage },
      });
    }
  }

  changes.counters = [...counters.values()];
  changes.senseData = [...sense.values()];
  changes.calls = [...calls.values()];
  return changes;
}
