// Turns module messages into alerts people read (issue 7: the lift page's realtime alerts panel).
// Faults, availability and sensor failures are levels a module repeats in every frame, so an alert
// is raised on a change of level only; alarm and test calls are reported as they come.
import type { AlarmCallReport, FaultCode, ModuleMessage, TestResult } from '@liftwacht/contracts/ingest';
import { faultCodeSchema } from '@liftwacht/contracts/ingest';

export type AlertSeverity = 'error' | 'warning' | 'info';

export type AlertMessage =
  | { key: 'fault'; fault: FaultCode; floor: number | undefined }
  | { key: 'faultCleared'; fault: FaultCode }
  | { key: 'unavailable'; floor: number | undefined }
  | { key: 'available' }
  | { key: 'sensorFailure' | 'sensorRecovered'; sensor: string }
  | { key: 'alarmCall'; phase: AlarmCallReport['phase']; kind: AlarmCallReport['kind'] }
  | { key: 'testCall'; result: TestResult };

export interface AlertDescriptor {
  id: string;
  at: string;
  severity: AlertSeverity;
  message: AlertMessage;
}

/** What the module reported last for each level. */
export interface ModuleLevels {
  available: boolean | undefined;
  floor: number | undefined;
  faults: ReadonlySet<FaultCode>;
  sensorFailures: ReadonlySet<string>;
}

export const emptyLevels: ModuleLevels = {
  available: undefined,
  floor: undefined,
  faults: new Set(),
  sensorFailures: new Set(),
};

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The levels as the server keeps them in the lift's sense data (under their own names). */
export function levelsFromSensorData(values: Record<string, unknown>): ModuleLevels {
  const { available, floor, faults, sensorFailures } = values;
  return {
    available: typeof available === 'boolean' ? available : undefined,
    floor: typeof floor === 'number' ? floor : undefined,
    faults: new Set(stringList(faults).flatMap((f) => (faultCodeSchema.safeParse(f).success ? [f as FaultCode] : []))),
    sensorFailures: new Set(stringList(sensorFailures)),
  };
}

const alarmSeverity: Record<AlarmCallReport['phase'], AlertSeverity> = {
  received: 'error',
  acknowledged: 'warning',
  ended: 'info',
};

/** The alerts one message raises against the levels known before it, and the levels after it. */
export function deriveAlerts(
  before: ModuleLevels,
  message: ModuleMessage,
): { levels: ModuleLevels; alerts: AlertDescriptor[] } {
  const alerts: AlertDescriptor[] = [];
  const add = (suffix: string, severity: AlertSeverity, alert: AlertMessage) =>
    alerts.push({ id: `${message.id}:${suffix}`, at: message.t, severity, message: alert });
  const floor = message.floor ?? before.floor;

  let faults = before.faults;
  if (message.faults) {
    faults = new Set(message.faults);
    for (const fault of faults)
      if (!before.faults.has(fault)) add(`fault:${fault}`, 'error', { key: 'fault', fault, floor });
    for (const fault of before.faults) {
      if (!faults.has(fault)) add(`cleared:${fault}`, 'info', { key: 'faultCleared', fault });
    }
  }

  const available = message.available ?? before.available;
  if (message.available === false && before.available !== false) {
    add('unavailable', 'error', { key: 'unavailable', floor });
  } else if (message.available === true && before.available === false) {
    add('available', 'info', { key: 'available' });
  }

  let sensorFailures = before.sensorFailures;
  if (message.sensorFailures) {
    sensorFailures = new Set(message.sensorFailures);
    for (const sensor of sensorFailures) {
      if (!before.sensorFailures.has(sensor)) add(`sensor:${sensor}`, 'warning', { key: 'sensorFailure', sensor });
    }
    for (const sensor of before.sensorFailures) {
      if (!sensorFailures.has(sensor)) add(`recovered:${sensor}`, 'info', { key: 'sensorRecovered', sensor });
    }
  }

  if (message.alarmCall) {
    const { phase, kind } = message.alarmCall;
    add(`alarm:${phase}`, alarmSeverity[phase], { key: 'alarmCall', phase, kind });
  }
  if (message.testCall) {
    const { result } = message.testCall;
    add('test', result === 'ok' ? 'info' : 'warning', { key: 'testCall', result });
  }

  return { levels: { available, floor, faults, sensorFailures }, alerts };
}
