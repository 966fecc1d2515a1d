// Inspections under the Dutch Warenwetbesluit liften: a commissioning inspection within 12 months
// of commissioning, then every 18 months, valid_until = approval + 18 months. Certification bodies
// re-inspect shortly before validity runs out, so a healthy lift is always covered; the scenarios
// add lifts whose latest inspection was rejected and lifts whose validity has lapsed.
import { addMonths, DAY, dayToIso, fromLocal, localMidnight, MINUTE, type DayNumber } from './amsterdam-time.ts';
import { inspectorNames, rejectionRemarks } from './dutch-names.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { LiftHistoryBuilder, LogType } from './lift-history-builder.ts';
import type { Rng } from './prng.ts';
import type { LiftScenario } from './scenarios.ts';
import type { SeedContext } from './seed-context.ts';

type InspectionLogType = Extract<
  LogType,
  'commissioning_inspection' | 'modification_inspection' | 'periodic_inspection' | 'assistance_inspection'
>;

interface PlannedInspection {
  day: DayNumber;
  result: 'approved' | 'rejected';
  logType: InspectionLogType;
  /** For an assistance inspection: the validity it confirms (it does not renew it). */
  validUntilDay: DayNumber | null;
}

const validityMonths = 18;

function dutchDate(day: DayNumber): string {
  const [y, m, d] = dayToIso(day).split('-');
  return `${d ?? ''}-${m ?? ''}-${y ?? ''}`;
}

function planInspections(plan: LiftPlan, scenario: LiftScenario, ctx: SeedContext, rng: Rng): PlannedInspection[] {
  const today = ctx.todayDay;
  const commissioning = Math.min(plan.commissionedDay + rng.int(20, 330), today - 30);

  let openRejection: DayNumber | null = null;
  let latest: DayNumber;
  if (scenario.conditions.has('inspectionRejected')) {
    openRejection = today - rng.int(3, 50);
    // The rejected inspection was the renewal of this approval.
    latest = addMonths(openRejection, -validityMonths) + rng.int(10, 40);
  } else if (scenario.conditions.has('inspectionExpired')) {
    latest = addMonths(today, -validityMonths) - rng.int(5, 120);
  } else {
    latest = today - rng.int(10, 500);
    if (addMonths(latest, validityMonths) <= today) latest = today - rng.int(10, 300);
  }
  latest = Math.max(latest, commissioning);

  // Approvals, newest first, back to one that covered the start of the history.
  const approvals: { day: DayNumber; logType: InspectionLogType }[] = [];
  let day = latest;
  for (;;) {
    if (day <= commissioning) {
      approvals.push({ day: commissioning, logType: 'commissioning_inspection' });
      break;
    }
    approvals.push({ day, logType: 'periodic_inspection' });
    if (day < ctx.windowStartDay) break;
    // Usually renewed a few weeks before validity ends; now and then the renewal came too late and
    // the lift was uninspected for a while (the period view's "expired inspections").
    const previous = addMonths(day, -validityMonths) + (rng.chance(0.06) ? -rng.int(7, 45) : rng.int(5, 40));
    day = previous <= commissioning + 60 ? commissioning : previous;
  }
  approvals.reverse();

  const planned: PlannedInspection[] = [];
  approvals.forEach((approval, i) => {
    const before = approvals[i - 1];
    const periodic = approval.logType === 'periodic_inspection';
    // Some lifts fail first and pass the re-inspection a few weeks later.
    if (periodic && before && rng.chance(0.07)) {
      const rejectedDay = approval.day - rng.int(14, 56);
      if (rejectedDay > before.day + 30) {
        planned.push({ day: rejectedDay, result: 'rejected', logType: 'periodic_inspection', validUntilDay: null });
      }
    }
    const logType = periodic && before && rng.chance(0.04) ? 'modification_inspection' : approval.logType;
    planned.push({ day: approval.day, result: 'approved', logType, validUntilDay: null });
    const next = approvals[i + 1];
    if (next && rng.chance(0.03)) {
      const assistanceDay = approval.day + rng.int(60, Math.max(61, next.day - approval.day - 60));
      if (assistanceDay < next.day - 30 && assistanceDay < today - 5) {
        planned.push({
          day: assistanceDay,
          result: 'approved',
          logType: 'assistance_inspection',
          validUntilDay: addMonths(approval.day, validityMonths),
        });
      }
    }
  });
  if (openRejection !== null) {
    planned.push({ day: openRejection, result: 'rejected', logType: 'periodic_inspection', validUntilDay: null });
  }
  return planned.sort((a, b) => a.day - b.day);
}

function logText(inspection: PlannedInspection, body: string, validUntil: DayNumber | null, remark: string): string {
  const until = validUntil === null ? '' : `, geldig tot ${dutchDate(validUntil)}`;
  switch (inspection.logType) {
    case 'commissioning_inspection':
      return `Keuring voor ingebruikname door ${body}: goedgekeurd${until}.`;
    case 'modification_inspection':
      return `Keuring na wijziging door ${body}: goedgekeurd${until}.`;
    case 'assistance_inspection':
      return `Assistentiekeuring door ${body}: geen bijzonderheden.`;
    case 'periodic_inspection':
      return inspection.result === 'approved'
        ? `Periodieke keuring door ${body}: goedgekeurd${until}.`
        : `Periodieke keuring door ${body}. ${remark}`;
  }
}

export function generateInspections(
  b: LiftHistoryBuilder,
  plan: LiftPlan,
  scenario: LiftScenario,
  ctx: SeedContext,
  rng: Rng,
): void {
  const body = plan.inspectionBody;
  const planned = planInspections(plan, scenario, ctx, rng);
  let rejectedSince: number | null = null;

  for (const inspection of planned) {
    const approved = inspection.result === 'approved';
    const validUntil = approved ? (inspection.validUntilDay ?? addMonths(inspection.day, validityMonths)) : null;
    const remark = approved ? 'Keuring uitgevoerd, lift goedgekeurd.' : rng.pick(rejectionRemarks);
    b.inspection({
      inspectedOn: dayToIso(inspection.day),
      result: inspection.result,
      validUntil: validUntil === null ? null : dayToIso(validUntil),
      body,
      logType: inspection.logType,
    });

    const start = fromLocal(inspection.day, rng.float(8.5, 14));
    const end = start + rng.int(45, 120) * MINUTE;
    const text = logText(inspection, body, validUntil, remark);
    if (inspection.day >= ctx.windowStartDay) {
      b.visit(
        {
          type: 'approval',
          role: 'approving_authority',
          state: 'finished',
          start,
          end,
          person: `${rng.pick(inspectorNames)} (${body})`,
          remarks: remark,
        },
        { type: inspection.logType, text },
      );
    } else {
      b.log(inspection.logType, end, text);
    }

    if (!approved) rejectedSince = end;
    else if (rejectedSince !== null && inspection.logType !== 'assistance_inspection') {
      if (rejectedSince >= ctx.windowStart) b.event('approval_rejected', rejectedSince, start);
      rejectedSince = null;
    }
  }
  if (rejectedSince !== null) b.event('approval_rejected', rejectedSince, null);

  // approval_expired from the day after validity ran out until the next approval (or still open).
  const approvals = planned.filter((p) => p.result === 'approved' && p.logType !== 'assistance_inspection');
  approvals.forEach((approval, i) => {
    const expiredAt = localMidnight(addMonths(approval.day, validityMonths) + 1);
    const renewal = approvals[i + 1];
    const renewedAt = renewal ? fromLocal(renewal.day, 12) : null;
    if (expiredAt < ctx.windowStart || expiredAt > ctx.now - DAY) return;
    if (renewedAt === null) b.event('approval_expired', expiredAt, null);
    else if (renewedAt > expiredAt) b.event('approval_expired', expiredAt, Math.min(renewedAt, ctx.now - MINUTE));
  });
}
