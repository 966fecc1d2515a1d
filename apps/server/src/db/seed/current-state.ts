// What is going on at a lift right now, decided first because the history leads up to it: an open
// outage shapes the availability target, a current entrapment needs that outage, and so on.
import { DAY, HOUR, MINUTE } from './amsterdam-time.ts';
import type { CallKind, VisitType } from './lift-history-builder.ts';
import type { Rng } from './prng.ts';
import type { LiftScenario } from './scenarios.ts';
import type { SeedContext } from './seed-context.ts';

export interface CurrentState {
  moduleLastSeen: number;
  moduleConnected: boolean;
  /** Start of the open `unavailable` event, if the lift is down right now. */
  openOutageStart: number | null;
  /** An alarm call that has not ended yet. */
  currentCall: { kind: CallKind; start: number; acknowledged: number | null } | null;
  openSenseFailureStart: number | null;
  visitInProgress: { type: VisitType; start: number } | null;
}

export function planCurrentState(scenario: LiftScenario, ctx: SeedContext, rng: Rng): CurrentState {
  const { now } = ctx;
  const has = (c: Parameters<typeof scenario.conditions.has>[0]) => scenario.conditions.has(c);

  const disconnected = has('moduleDisconnected');
  const moduleLastSeen = disconnected ? now - rng.logUniform(15 * MINUTE, 3 * DAY) : now - rng.int(3, 55) * 1000;

  let currentCall: CurrentState['currentCall'] = null;
  if (has('currentCall')) {
    const kind: CallKind = scenario.firstCurrentCall
      ? 'entrapment'
      : rng.weighted([
          ['entrapment', 25],
          ['false_alarm', 45],
          ['other', 30],
        ] as const);
    if (kind === 'entrapment') {
      const start = now - rng.int(4 * 60, 14 * 60) * 1000;
      currentCall = { kind, start, acknowledged: start + rng.int(10, 40) * 1000 };
    } else if (kind === 'false_alarm') {
      // Just came in: nobody at the alarm centre has picked it up yet.
      currentCall = { kind, start: now - rng.int(30, 110) * 1000, acknowledged: null };
    } else {
      const start = now - rng.int(2 * 60, 6 * 60) * 1000;
      currentCall = { kind, start, acknowledged: start + rng.int(10, 50) * 1000 };
    }
  }

  let openOutageStart: number | null = has('unavailable') ? now - rng.logUniform(25 * MINUTE, 30 * HOUR) : null;
  if (currentCall?.kind === 'entrapment') {
    // Someone is stuck: the lift went down moments before the alarm button was pressed.
    const stuckAt = currentCall.start - rng.int(5, 40) * 1000;
    openOutageStart = openOutageStart === null ? stuckAt : Math.min(openOutageStart, stuckAt);
  }

  const openSenseFailureStart = has('senseFailure') ? now - rng.logUniform(40 * MINUTE, 3 * DAY) : null;

  let visitInProgress: CurrentState['visitInProgress'] = null;
  if (has('visitInProgress')) {
    const type: VisitType =
      openOutageStart !== null
        ? 'failure'
        : rng.weighted([
            ['maintenance', 45],
            ['repair', 25],
            ['failure', 15],
            ['inspection', 15],
          ] as const);
    let start = now - rng.int(12, 95) * MINUTE;
    if (openOutageStart !== null) start = Math.max(start, openOutageStart + 5 * MINUTE);
    visitInProgress = { type, start: Math.min(start, now - MINUTE) };
  }

  return {
    moduleLastSeen,
    moduleConnected: !disconnected,
    openOutageStart,
    currentCall,
    openSenseFailureStart,
    visitInProgress,
  };
}
