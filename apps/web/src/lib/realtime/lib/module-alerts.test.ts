import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ModuleMessage } from '@liftwacht/contracts/ingest';
import { alertText } from './alert-text.ts';
import { liftRealtimeReducer, initialLiftRealtimeState, maxAlerts } from './lift-realtime-state.ts';
import { deriveAlerts, emptyLevels, levelsFromSensorData } from './module-alerts.ts';

const frame = (id: string, extra: Partial<ModuleMessage> = {}): ModuleMessage => ({
  id,
  t: '2026-03-10T09:15:00Z',
  f: {},
  ...extra,
});

describe('module alerts', () => {
  it('raises a fault with its floor once, and its clearing when the module no longer lists it', () => {
    const first = deriveAlerts(emptyLevels, frame('a', { faults: ['cannot_start'], floor: 3, available: false }));
    expect(first.alerts.map((a) => [a.severity, a.message])).toEqual([
      ['error', { key: 'fault', fault: 'cannot_start', floor: 3 }],
      ['error', { key: 'unavailable', floor: 3 }],
    ]);
    // The same levels again: nothing new.
    const repeat = deriveAlerts(first.levels, frame('b', { faults: ['cannot_start'], available: false }));
    expect(repeat.alerts).toEqual([]);
    const cleared = deriveAlerts(repeat.levels, frame('c', { faults: [], available: true }));
    expect(cleared.alerts.map((a) => a.message)).toEqual([
      { key: 'faultCleared', fault: 'cannot_start' },
      { key: 'available' },
    ]);
  });

  it('reports sensor failures, alarm calls and test calls', () => {
    const { alerts } = deriveAlerts(
      levelsFromSensorData({ sensorFailures: ['door'] }),
      frame('a', {
        sensorFailures: ['light'],
        alarmCall: { callId: 'c1', phase: 'received' },
        testCall: { result: 'battery', automatic: true },
      }),
    );
    expect(alerts.map((a) => [a.severity, a.message.key])).toEqual([
      ['warning', 'sensorFailure'],
      ['info', 'sensorRecovered'],
      ['error', 'alarmCall'],
      ['warning', 'testCall'],
    ]);
  });

  it('words them in the chosen language', async () => {
    const t = i18next.getFixedT('nl', 'realtime');
    expect(alertText(t, { key: 'fault', fault: 'cannot_start', floor: 3 })).toBe(
      'Lift kan niet starten op verdieping 3',
    );
    const en = i18next.getFixedT('en', 'realtime');
    expect(alertText(en, { key: 'testCall', result: 'battery' })).toBe('Test call failed: battery');
    expect(alertText(en, { key: 'alarmCall', phase: 'ended', kind: 'entrapment' })).toBe(
      'Alarm call ended: entrapment',
    );
    await Promise.resolve();
  });
});

describe('lift realtime state', () => {
  const key = '1:ES-1';
  it('keeps alerts newest first, capped, and drops a redelivered message', () => {
    let state = initialLiftRealtimeState(key);
    for (let i = 0; i < maxAlerts + 5; i++) {
      state = liftRealtimeReducer(state, {
        key,
        type: 'module',
        message: frame(`m${String(i)}`, { alarmCall: { callId: `c${String(i)}`, phase: 'received' } }),
      });
    }
    expect(state.alerts).toHaveLength(maxAlerts);
    expect(state.alerts[0]?.id).toBe(`m${String(maxAlerts + 4)}:alarm:received`);
    const again = liftRealtimeReducer(state, {
      key,
      type: 'module',
      message: frame('m3', { faults: ['emergency_stop'] }),
    });
    expect(again).toBe(state);
  });

  it('merges sense data by time: a late answer does not hide a newer live reading', () => {
    let state = liftRealtimeReducer(initialLiftRealtimeState(key), {
      key,
      type: 'module',
      message: { id: 'x', t: '2026-03-10T09:15:00Z', f: { f1: 5 }, faults: ['cannot_start'] },
    });
    state = liftRealtimeReducer(state, {
      key,
      type: 'sensorData',
      values: { f1: { value: 2, at: '2026-03-10T09:00:00Z' }, f2: { value: 'x', at: '2026-03-10T09:00:00Z' } },
    });
    expect(state.sensorData).toEqual({ f1: 5, f2: 'x', faults: ['cannot_start'] });
    expect([...state.levels.faults]).toEqual(['cannot_start']);
  });

  it('starts over for another lift or module', () => {
    const state = liftRealtimeReducer(initialLiftRealtimeState(key), { key, type: 'connection', state: 'connected' });
    const other = liftRealtimeReducer(state, { key: '2:ES-2', type: 'connection', state: 'connecting' });
    expect(other).toMatchObject({ key: '2:ES-2', connection: 'connecting', alerts: [] });
  });
});
