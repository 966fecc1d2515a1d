// Decides, per organisation, which lifts tell which story: the availability bracket they land in
// over the year, and which lifts are in a notable state right now. Assigning by a shuffled order
// per organisation (instead of a coin flip per lift) guarantees that the demo organisation's
// dashboard shows every current-view card with a non-zero count.
import type { DemoOrganisationKey } from './organisations-and-users.ts';
import type { LiftPlan } from './fleet-plan.ts';
import { createRng } from './prng.ts';

export type AvailabilityBracket = 'green' | 'amber' | 'red';

export const currentConditions = [
  'unavailable',
  'senseFailure',
  'visitInProgress',
  'rideCounterAlert',
  'inspectionRejected',
  'inspectionExpired',
  'intercomUnavailable',
  'moduleDisconnected',
  'maintenanceExceeded',
  'currentCall',
] as const;
export type CurrentCondition = (typeof currentConditions)[number];

/** Share of an organisation's lifts in each condition right now. */
const conditionShare: Record<CurrentCondition, number> = {
  unavailable: 0.025,
  senseFailure: 0.02,
  visitInProgress: 0.02,
  rideCounterAlert: 0.03,
  inspectionRejected: 0.025,
  inspectionExpired: 0.025,
  intercomUnavailable: 0.03,
  moduleDisconnected: 0.03,
  maintenanceExceeded: 0.035,
  currentCall: 0.03,
};

const needsIntercom = new Set<CurrentCondition>(['intercomUnavailable', 'currentCall']);

export interface LiftScenario {
  availability: AvailabilityBracket;
  /** A few alarm phones fail their tests often; most rarely. */
  intercomHealth: 'good' | 'poor';
  conditions: ReadonlySet<CurrentCondition>;
  /** The first lift of an organisation with a current call gets an entrapment. */
  firstCurrentCall: boolean;
}

/** Organisations this small get no guaranteed condition (they would be all conditions). */
const minimumLiftsForGuarantee = 5;

export function assignScenarios(seed: number, plans: readonly LiftPlan[]): Map<number, LiftScenario> {
  const byOrg = new Map<DemoOrganisationKey, LiftPlan[]>();
  for (const plan of plans) {
    const list = byOrg.get(plan.organisation) ?? [];
    list.push(plan);
    byOrg.set(plan.organisation, list);
  }

  const result = new Map<number, LiftScenario>();
  for (const [org, orgPlans] of byOrg) {
    const rng = createRng(seed, 'scenarios', org);
    const n = orgPlans.length;
    const count = (share: number) => {
      const c = Math.round(n * share);
      return n >= minimumLiftsForGuarantee ? Math.max(1, c) : c;
    };

    const availability = new Map<number, AvailabilityBracket>();
    const availabilityOrder = rng.shuffle(orgPlans);
    const red = count(0.08);
    const amber = count(0.15);
    availabilityOrder.forEach((p, i) =>
      availability.set(p.index, i < red ? 'red' : i < red + amber ? 'amber' : 'green'),
    );

    const intercomLifts = rng.shuffle(orgPlans.filter((p) => p.hasIntercom));
    const poor = new Set(intercomLifts.slice(0, count(0.08)).map((p) => p.index));

    // Walk one shuffled order so conditions land on different lifts while there are enough.
    const conditions = new Map<number, Set<CurrentCondition>>(orgPlans.map((p) => [p.index, new Set()]));
    const order = rng.shuffle(orgPlans);
    let cursor = 0;
    let firstCall: number | undefined;
    for (const condition of currentConditions) {
      let wanted = count(conditionShare[condition]);
      for (let tries = 0; wanted > 0 && tries < order.length; tries++) {
        const plan = order[cursor % order.length];
        cursor++;
        if (!plan || (needsIntercom.has(condition) && !plan.hasIntercom)) continue;
        conditions.get(plan.index)?.add(condition);
        if (condition === 'currentCall' && firstCall === undefined) firstCall = plan.index;
        wanted--;
      }
    }

    for (const plan of orgPlans) {
      result.set(plan.index, {
        availability: availability.get(plan.index) ?? 'green',
        intercomHealth: poor.has(plan.index) ? 'poor' : 'good',
        conditions: conditions.get(plan.index) ?? new Set(),
        firstCurrentCall: firstCall === plan.index,
      });
    }
  }
  return result;
}
