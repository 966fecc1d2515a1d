// Alarm calls (EN 81-28) and the intercom availability they imply. Every alarm phone places an
// automatic test call about every three days; a failing test (speaker, microphone, battery) or a
// run of missing tests opens `intercom_unavailable`, and the next good test call closes it, which
// is the rule the dashboard's intercom availability is computed from.
import { fromLocal, HOUR, isoWeekday, MINUTE, toLocal } from './amsterdam-time.ts';
import type { CurrentState } from './current-state.ts';
import {
  entrapmentNotes,
  falseAlarmNotes,
  intercomRepairRemarks,
  operatorNames,
  otherCallNotes,
} from './dutch-names.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { CallKind, LiftHistoryBuilder } from './lift-history-builder.ts';
import type { Outage } from './outages.ts';
import type { Rng } from './prng.ts';
import { countForWindow, randomInstant } from './random-times.ts';
import type { LiftScenario } from './scenarios.ts';
import type { SeedContext } from './seed-context.ts';

/** Just under 72 h, so a healthy phone never trips the "no test call within 72 h" rule. */
const testPeriod = 71 * HOUR;
const testTimeout = 72 * HOUR;

type FailedTest = 'speaker' | 'microphone' | 'battery';
type Episode = { kind: 'failed'; result: FailedTest; repairAt: number | null } | { kind: 'missed'; skip: number };

/** The next moment a mechanic could be there: working hours on a weekday. */
function nextWorkingMoment(rng: Rng, t: number): number {
  const local = toLocal(t);
  const hour = local.hour + local.minute / 60;
  if (local.isoWeekday <= 5 && hour >= 7.5 && hour < 17) return t;
  let day = hour >= 17 || local.isoWeekday > 5 ? local.day + 1 : local.day;
  while (isoWeekday(day) > 5) day++;
  return fromLocal(day, rng.float(7.5, 11));
}

function testCalls(b: LiftHistoryBuilder, plan: LiftPlan, scenario: LiftScenario, ctx: SeedContext, rng: Rng): void {
  const schedule: number[] = [];
  for (let t = ctx.windowStart + rng.float(0, testPeriod); t < ctx.now - 2 * MINUTE;) {
    schedule.push(t);
    t += testPeriod - rng.float(0, 30 * MINUTE);
  }

  const episodes = new Map<number, Episode>();
  const separated = (index: number) => [...episodes.keys()].every((k) => Math.abs(k - index) >= 6);
  if (scenario.conditions.has('intercomUnavailable') && schedule.length > 0) {
    // Failing right now: one of the last tests failed and nobody has repaired the phone yet.
    const index = Math.max(0, schedule.length - 1 - rng.int(0, 1));
    episodes.set(index, {
      kind: 'failed',
      result: rng.pick(['speaker', 'microphone', 'battery'] as const),
      repairAt: null,
    });
  }
  // Historic episodes end well before now, so every repair lies in the past.
  const lastHistoric = schedule.findLastIndex((t) => t < ctx.now - 10 * 24 * HOUR);
  const wanted = scenario.intercomHealth === 'poor' ? countForWindow(rng, ctx, 6, 14) : countForWindow(rng, ctx, 0, 2);
  for (let n = 0, tries = 0; n < wanted && tries < 60 && lastHistoric >= 2; tries++) {
    const index = rng.int(2, lastHistoric);
    const at = schedule[index];
    if (at === undefined || !separated(index)) continue;
    if (rng.chance(0.6)) {
      const delay =
        scenario.intercomHealth === 'poor'
          ? rng.logUniform(6 * HOUR, 6 * 24 * HOUR)
          : rng.logUniform(3 * HOUR, 48 * HOUR);
      const repairAt = Math.min(nextWorkingMoment(rng, at + delay), ctx.now - 2 * HOUR);
      episodes.set(index, {
        kind: 'failed',
        result: rng.pick(['speaker', 'microphone', 'battery'] as const),
        repairAt,
      });
    } else {
      episodes.set(index, { kind: 'missed', skip: rng.int(1, 3) });
    }
    n++;
  }

  const testCall = (t: number, result: 'ok' | FailedTest) => {
    const acknowledged = t + rng.int(2, 6) * 1000;
    b.call({
      kind: 'test',
      start: t,
      acknowledged,
      end: acknowledged + rng.int(20, 45) * 1000,
      testResult: result,
      handledBy: null,
      notes: null,
    });
  };

  let lastGood = ctx.windowStart - rng.float(0, 48 * HOUR);
  for (let i = 0; i < schedule.length;) {
    const t = schedule[i] ?? 0;
    const episode = episodes.get(i);
    if (episode?.kind === 'missed') {
      // Phone line down: the tests simply do not arrive until it is back.
      const resume = schedule[i + episode.skip];
      if (resume !== undefined && lastGood + testTimeout < resume) {
        b.event('intercom_unavailable', lastGood + testTimeout, resume, { data: { reason: 'no_test_call' } });
        i += episode.skip;
        continue;
      }
    }
    if (episode?.kind === 'failed') {
      const until = episode.repairAt;
      b.event('intercom_unavailable', t, until, { data: { reason: 'test_failed', testResult: episode.result } });
      if (episode.result === 'battery') {
        b.event('battery', t, until, { data: { voltage: Math.round(rng.float(9.8, 10.9) * 10) / 10 } });
      }
      let j = i;
      for (; j < schedule.length; j++) {
        const failedAt = schedule[j] ?? 0;
        if (until !== null && failedAt >= until) break;
        testCall(failedAt, episode.result);
        b.event('periodic_test_failed', failedAt, failedAt + 30_000, { data: { testResult: episode.result } });
      }
      if (until !== null) {
        // The mechanic replaces the part and proves it with a manual test call.
        b.visit(
          {
            type: 'repair',
            role: 'mechanic',
            state: 'finished',
            start: until - rng.int(25, 70) * MINUTE,
            end: until + rng.int(3, 10) * MINUTE,
            person: plan.mechanic,
            remarks: intercomRepairRemarks[episode.result],
          },
          { type: 'repair', text: intercomRepairRemarks[episode.result] },
        );
        b.call({
          kind: 'test',
          start: until,
          acknowledged: until + 5_000,
          end: until + rng.int(30, 60) * 1000,
          testResult: 'ok',
          handledBy: plan.mechanic,
          notes: 'Handmatige testoproep na herstel.',
        });
        lastGood = until;
      }
      i = j;
      continue;
    }
    testCall(t, 'ok');
    lastGood = t;
    i++;
  }
}

function alarmCall(
  b: LiftHistoryBuilder,
  rng: Rng,
  kind: Exclude<CallKind, 'test'>,
  start: number,
  acknowledged: number | null,
  end: number | null,
  floor: number,
  passengerFreed: number | null = null,
): void {
  const notes = kind === 'entrapment' ? entrapmentNotes : kind === 'false_alarm' ? falseAlarmNotes : otherCallNotes;
  b.call({
    kind,
    start,
    acknowledged,
    end,
    passengerFreed,
    testResult: null,
    handledBy: acknowledged === null ? null : rng.pick(operatorNames),
    notes: end === null ? null : rng.pick(notes),
  });
  b.event('alarm_call', start, end, { floor, data: { callKind: kind } });
  b.event('en627_alarm_button_pressed', start - rng.int(1, 5) * 1000, start + rng.int(2, 8) * 1000, { floor });
}

export function generateCalls(
  b: LiftHistoryBuilder,
  plan: LiftPlan,
  scenario: LiftScenario,
  current: CurrentState,
  outages: readonly Outage[],
  ctx: SeedContext,
  rng: Rng,
): void {
  // No alarm phone, no calls: lifts without a lift type have no intercom.
  if (!plan.hasIntercom) return;
  testCalls(b, plan, scenario, ctx, rng);

  const latestEnd = ctx.now - MINUTE;
  const randomFloor = () => rng.int(plan.lowestFloor, plan.lowestFloor + plan.floors - 1);

  for (const outage of outages) {
    if (outage.end === null) continue;
    const hour = toLocal(outage.start).hour;
    if (hour < 6 || hour >= 23 || !rng.chance(0.22)) continue;
    const start = outage.start + rng.int(10, 180) * 1000;
    if (start > outage.end - 30_000) continue;
    const acknowledged = start + rng.int(8, 45) * 1000;
    const freed = Math.min(outage.end + rng.int(0, 180) * 1000, start + rng.int(15, 70) * MINUTE);
    const end = Math.min(Math.max(freed, acknowledged + MINUTE), latestEnd);
    // The operator records the passenger freed between acknowledging and ending the call, so the
    // dashboard's time to free has data; no extra random draw, so the rest of the fleet stays as it was.
    const freedAt = Math.min(Math.max(freed, acknowledged), end);
    alarmCall(b, rng, 'entrapment', start, acknowledged, end, outage.floor, freedAt);
  }

  for (let i = countForWindow(rng, ctx, 2, 10); i > 0; i--) {
    const start = randomInstant(rng, ctx, 0.85, 8, 22);
    const acknowledged = start + rng.int(8, 40) * 1000;
    const end = acknowledged + rng.int(40, 180) * 1000;
    if (start < ctx.windowStart + MINUTE || end > latestEnd) continue;
    alarmCall(b, rng, 'false_alarm', start, acknowledged, end, randomFloor());
  }

  for (let i = countForWindow(rng, ctx, 0, 3); i > 0; i--) {
    const start = randomInstant(rng, ctx, 0.9, 8, 20);
    const acknowledged = start + rng.int(10, 60) * 1000;
    const end = acknowledged + rng.int(2, 6) * MINUTE;
    if (start < ctx.windowStart + MINUTE || end > latestEnd) continue;
    alarmCall(b, rng, 'other', start, acknowledged, end, randomFloor());
  }

  if (current.currentCall) {
    const { kind, start, acknowledged } = current.currentCall;
    if (kind !== 'test') {
      const open = outages.find((o) => o.end === null);
      alarmCall(b, rng, kind, start, acknowledged, null, open?.floor ?? randomFloor());
    }
  }
}
