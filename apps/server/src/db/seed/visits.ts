// Visits: scheduled maintenance following each lift's interval (mostly on time, some early, some
// late, a few lifts overdue right now), call-outs for outages, the occasional adviser check or
// other job, and the visits in progress right now. Maintenance timing drives the dashboard's
// earlier / on time / later / interval exceeded cards, so it follows DESIGN §4 exactly: due is
// maintenance_interval_days after the previous visit, on time is within ±10 %.
import { DAY, dayToIso, HOUR, MINUTE, toLocal } from './amsterdam-time.ts';
import type { CurrentState } from './current-state.ts';
import {
  adviserNames,
  checkRemarks,
  failureRemarks,
  longRepairRemarks,
  maintenanceRemarks,
  mechanicNames,
  otherVisitRemarks,
} from './dutch-names.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { LiftHistoryBuilder } from './lift-history-builder.ts';
import type { Outage } from './outages.ts';
import type { Rng } from './prng.ts';
import { countForWindow, randomInstant, workingTimeBefore, workingTimeNear } from './random-times.ts';
import type { LiftScenario } from './scenarios.ts';
import type { SeedContext } from './seed-context.ts';

const partOrdered = 'Onderdeel besteld, lift tijdelijk buiten dienst gesteld.';

/** Planned maintenance moments: one before the window (so the first gap is known), then the rest. */
function maintenanceSchedule(plan: LiftPlan, scenario: LiftScenario, ctx: SeedContext, rng: Rng): number[] {
  const interval = plan.maintenanceIntervalDays * DAY;
  const latest = ctx.now - 3 * HOUR;
  const times = [workingTimeNear(rng, ctx.windowStart - rng.float(0.1, 0.9) * interval)];
  for (let prev = times[0] ?? 0; ;) {
    const r = rng.next();
    // 13 % early, 15 % late, the rest within ±7 % (weekend shifts move a few over the 10 % line).
    const deviation = r < 0.13 ? rng.float(-0.4, -0.13) : r < 0.28 ? rng.float(0.13, 0.6) : rng.float(-0.07, 0.07);
    const at = workingTimeNear(rng, prev + interval * (1 + deviation));
    if (at > latest) break;
    times.push(at);
    prev = at;
  }

  const keepUntil = (cutoff: number) => {
    while (times.length > 0 && (times[times.length - 1] ?? 0) > cutoff) times.pop();
  };
  const last = () => times[times.length - 1];

  if (scenario.conditions.has('maintenanceExceeded')) {
    // Overdue right now: nothing since more than due + 10 %.
    const cutoff = ctx.now - rng.float(1.15, 1.6) * interval;
    keepUntil(cutoff);
    if (times.length === 0) times.push(workingTimeBefore(rng, cutoff - rng.float(0, 0.3) * interval, cutoff));
  } else if (scenario.conditions.has('rideCounterAlert')) {
    // Enough time since the last visit for the rides to pile up, yet not overdue.
    const cutoff = ctx.now - rng.float(0.6, 0.95) * interval;
    keepUntil(cutoff);
    const lastAt = last();
    if (lastAt === undefined || lastAt < ctx.now - 1.05 * interval) times.push(workingTimeBefore(rng, cutoff, cutoff));
  } else {
    const lastAt = last();
    if (lastAt === undefined || lastAt < ctx.now - 1.05 * interval) {
      times.push(workingTimeBefore(rng, ctx.now - rng.float(0.05, 0.5) * interval, latest));
    }
  }
  return times;
}

function maintenanceVisits(
  b: LiftHistoryBuilder,
  plan: LiftPlan,
  scenario: LiftScenario,
  ctx: SeedContext,
  rng: Rng,
): number | null {
  const interval = plan.maintenanceIntervalDays * DAY;
  const times = maintenanceSchedule(plan, scenario, ctx, rng);
  const person = () => (rng.chance(0.8) ? plan.mechanic : rng.pick(mechanicNames));
  const topFloor = plan.lowestFloor + plan.floors - 1;
  let lastEnd: number | null = null;

  times.forEach((at, i) => {
    const prev = times[i - 1];
    if (prev !== undefined && rng.chance(0.03)) {
      const planned = workingTimeNear(rng, at - rng.int(1, 4) * DAY);
      if (planned > prev + DAY && planned < at - HOUR) {
        b.visit({
          type: 'maintenance',
          role: 'mechanic',
          state: 'canceled',
          start: planned,
          end: planned,
          person: person(),
          remarks: rng.pick([
            'Afspraak geannuleerd: geen toegang tot de machinekamer.',
            'Geannuleerd wegens spoedstoring elders, nieuwe afspraak ingepland.',
          ]),
        });
      }
    }
    const end = at + rng.int(35, 150) * MINUTE;
    const remarks = rng.pick(maintenanceRemarks);
    b.visit(
      { type: 'maintenance', role: 'mechanic', state: 'finished', start: at, end, person: person(), remarks },
      { type: 'maintenance', text: remarks },
    );
    // The mechanic switches the controller to inspection mode to work on the car roof.
    b.event('en627_inspection_mode', at + rng.int(3, 10) * MINUTE, end - rng.int(3, 10) * MINUTE, { floor: topFloor });
    lastEnd = end;

    if (prev !== undefined) dueEvents(b, prev, at, interval, ctx);
  });

  const last = times[times.length - 1];
  if (last !== undefined) dueEvents(b, last, null, interval, ctx);
  return lastEnd;
}

/** maintenance_interval_warning once due, _alert once due + 10 %; they end at the visit. */
function dueEvents(b: LiftHistoryBuilder, prev: number, next: number | null, interval: number, ctx: SeedContext): void {
  const due = prev + interval;
  const alertAt = prev + interval * 1.1;
  const until = next ?? ctx.now;
  const data = { dueOn: dayToIso(toLocal(due).day), intervalDays: Math.round(interval / DAY) };
  if (due < until && due >= ctx.windowStart) b.event('maintenance_interval_warning', due, next, { data });
  if (alertAt < until && alertAt >= ctx.windowStart) b.event('maintenance_interval_alert', alertAt, next, { data });
}

function outageVisits(
  b: LiftHistoryBuilder,
  plan: LiftPlan,
  outages: readonly Outage[],
  ctx: SeedContext,
  rng: Rng,
): void {
  const latest = ctx.now - MINUTE;
  for (const outage of outages) {
    if (outage.end === null) {
      // Down right now for a while: the mechanic came, diagnosed and ordered a part.
      const arrive = outage.start + rng.int(40, 90) * MINUTE;
      const leave = arrive + rng.int(45, 80) * MINUTE;
      if (leave <= latest) {
        b.visit(
          {
            type: 'failure',
            role: 'mechanic',
            state: 'finished',
            start: arrive,
            end: leave,
            person: plan.mechanic,
            remarks: partOrdered,
          },
          { type: 'repair', text: partOrdered },
        );
      }
      continue;
    }
    const length = outage.end - outage.start;
    if (length < 40 * MINUTE) continue;
    const arrive = outage.start + Math.min(rng.int(25, 120) * MINUTE, length * 0.6);
    const leave = Math.min(outage.end + rng.int(3, 15) * MINUTE, latest);
    if (length < 20 * HOUR) {
      const remarks = rng.pick(failureRemarks);
      b.visit(
        {
          type: 'failure',
          role: 'mechanic',
          state: 'finished',
          start: arrive,
          end: leave,
          person: plan.mechanic,
          remarks,
        },
        { type: 'repair', text: remarks },
      );
      continue;
    }
    // A long breakdown: diagnosis first, the repair (or a partial modernisation) days later.
    const diagnosed = arrive + rng.int(45, 90) * MINUTE;
    b.visit(
      {
        type: 'failure',
        role: 'mechanic',
        state: 'finished',
        start: arrive,
        end: diagnosed,
        person: plan.mechanic,
        remarks: partOrdered,
      },
      { type: 'repair', text: partOrdered },
    );
    const remarks = rng.pick(longRepairRemarks);
    const repairStart = Math.max(diagnosed + HOUR, outage.end - rng.int(2, 6) * HOUR);
    b.visit(
      {
        type: rng.chance(0.15) ? 'modernization' : 'repair',
        role: 'mechanic',
        state: 'finished',
        start: repairStart,
        end: leave,
        person: plan.mechanic,
        remarks,
      },
      { type: 'repair', text: remarks },
    );
  }
}

function otherVisits(b: LiftHistoryBuilder, plan: LiftPlan, ctx: SeedContext, rng: Rng): void {
  const latest = ctx.now - HOUR;
  for (let i = countForWindow(rng, ctx, 0, 0.6); i > 0; i--) {
    const start = workingTimeNear(rng, randomInstant(rng, ctx, 0, 0, 24));
    const end = start + rng.int(45, 120) * MINUTE;
    if (start < ctx.windowStart || end > latest) continue;
    const remarks = rng.pick(checkRemarks);
    b.visit(
      { type: 'inspection', role: 'inspector', state: 'finished', start, end, person: rng.pick(adviserNames), remarks },
      { type: 'check', text: remarks },
    );
  }
  for (let i = countForWindow(rng, ctx, 0, 0.5); i > 0; i--) {
    const start = workingTimeNear(rng, randomInstant(rng, ctx, 0, 0, 24));
    const end = start + rng.int(30, 240) * MINUTE;
    if (start < ctx.windowStart || end > latest) continue;
    const remarks = rng.pick(otherVisitRemarks);
    b.visit(
      { type: 'other', role: 'mechanic', state: 'finished', start, end, person: plan.mechanic, remarks },
      { type: 'other', text: remarks },
    );
  }
  // Now and then a mechanic forgets to check out; the system closes the visit after 12 hours.
  if (rng.chance(0.12)) {
    const start = workingTimeNear(rng, randomInstant(rng, ctx, 0, 0, 24));
    const end = start + 12 * HOUR;
    if (start >= ctx.windowStart && end <= latest) {
      b.visit({
        type: 'failure',
        role: 'mechanic',
        state: 'timeout',
        start,
        end,
        person: plan.mechanic,
        remarks: 'Bezoek niet afgemeld door monteur.',
      });
    }
  }
}

function visitInProgress(b: LiftHistoryBuilder, plan: LiftPlan, current: CurrentState, rng: Rng): void {
  const visit = current.visitInProgress;
  if (!visit) return;
  const inspector = visit.type === 'inspection';
  b.visit({
    type: visit.type,
    role: inspector ? 'inspector' : 'mechanic',
    state: 'progress',
    start: visit.start,
    end: null,
    person: inspector ? rng.pick(adviserNames) : plan.mechanic,
    remarks: inspector ? 'Controle gestart.' : 'Werkzaamheden gestart.',
  });
  if (visit.type === 'maintenance') {
    b.event('en627_inspection_mode', visit.start + rng.int(30, 50) * 1000, null, {
      floor: plan.lowestFloor + plan.floors - 1,
    });
  }
}

/** Generates every visit of the lift; returns when its last finished maintenance visit ended. */
export function generateVisits(
  b: LiftHistoryBuilder,
  plan: LiftPlan,
  scenario: LiftScenario,
  current: CurrentState,
  outages: readonly Outage[],
  ctx: SeedContext,
  rng: Rng,
): number | null {
  const lastMaintenance = maintenanceVisits(b, plan, scenario, ctx, rng);
  outageVisits(b, plan, outages, ctx, rng);
  otherVisits(b, plan, ctx, rng);
  visitInProgress(b, plan, current, rng);
  return lastMaintenance;
}
