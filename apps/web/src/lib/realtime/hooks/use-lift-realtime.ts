// Live data of one lift for its detail page (issue 7): the connection state, alerts in words,
// the latest sense data and the module's status. Shares the lift's one connection with any other
// user on the page and asks for the current sense data and status after every (re)connect.
import { useEffect, useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleStatus } from '@liftwacht/contracts/realtime';
import type { SenseReading } from '@liftwacht/contracts/sense';
import { alertText } from '../lib/alert-text.ts';
import type { ConnectionState } from '../lib/lift-connection.ts';
import { liftConnections } from '../lib/lift-connections.ts';
import { initialLiftRealtimeState, liftRealtimeReducer } from '../lib/lift-realtime-state.ts';
import type { AlertSeverity } from '../lib/module-alerts.ts';

export interface RealtimeAlert {
  id: string;
  at: string;
  text: string;
  severity: AlertSeverity;
}

export interface LiftRealtime {
  connection: ConnectionState;
  /** Newest first, at most maxAlerts. */
  alerts: readonly RealtimeAlert[];
  /** Latest value per reading (`f…`, `e…`) and level (`available`, `floor`, `faults`, `sensorFailures`). */
  sensorData: Readonly<Record<string, unknown>>;
  /** The same values with when each was observed, to merge over the GET sense-data snapshot. */
  sensorReadings: readonly SenseReading[];
  moduleStatus?: ModuleStatus;
}

function parseLiftId(liftId: number | string): number | null {
  const id = typeof liftId === 'number' ? liftId : Number(liftId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function useLiftRealtime(liftId: number | string, esNumber: string | undefined): LiftRealtime {
  const { t } = useTranslation('realtime');
  const id = parseLiftId(liftId);
  const key = id === null || esNumber === undefined ? '' : `${String(id)}:${esNumber}`;
  const [stored, dispatch] = useReducer(liftRealtimeReducer, key, initialLiftRealtimeState);
  const state = stored.key === key ? stored : initialLiftRealtimeState(key);

  useEffect(() => {
    if (id === null || esNumber === undefined) return;
    const { connection, release } = liftConnections.acquire(id);
    const refresh = () => {
      connection.sensorData(esNumber).then(
        ({ values }) => dispatch({ key, type: 'sensorData', values }),
        () => undefined, // logged by the connection's error report; the next reconnect asks again
      );
      connection.moduleStatus(esNumber).then(
        (status) => dispatch({ key, type: 'moduleStatus', status }),
        () => undefined,
      );
    };
    const unsubscribe = [
      connection.on('state', (next) => dispatch({ key, type: 'connection', state: next })),
      connection.on('listening', (es) => {
        if (es === esNumber) refresh();
      }),
      connection.on('module', (message) => {
        if (message.es === esNumber) dispatch({ key, type: 'module', message: message.message });
      }),
      connection.on('provisioning', (message) => {
        if (message.es === esNumber) dispatch({ key, type: 'provisioning', message: message.message });
      }),
    ];
    dispatch({ key, type: 'connection', state: connection.state });
    connection.listen(esNumber);
    return () => {
      for (const off of unsubscribe) off();
      connection.unlisten(esNumber);
      release();
    };
  }, [id, esNumber, key]);

  const alerts = useMemo(
    () =>
      state.alerts.map(({ id: alertId, at, severity, message }) => ({
        id: alertId,
        at,
        severity,
        text: alertText(t, message),
      })),
    [state.alerts, t],
  );
  const sensorReadings = useMemo(
    () =>
      Object.entries(state.sensorData).flatMap(([key, value]) => {
        const at = state.sensorAt[key];
        return at === undefined ? [] : [{ key, value, at: new Date(at).toISOString() }];
      }),
    [state.sensorData, state.sensorAt],
  );
  return {
    connection: state.connection,
    alerts,
    sensorData: state.sensorData,
    sensorReadings,
    ...(state.moduleStatus ? { moduleStatus: state.moduleStatus } : {}),
  };
}
