// The report's rules: who may download which organisation's report, and which figures it holds.
// Availability and the period figures come from the dashboard service itself, so the PDF always
// shows what GET /stats and /stats/details show for the same organisation and period.
import type { FastifyInstance } from 'fastify';
import { localeSchema } from '@liftwacht/contracts/auth';
import { defaultEndHour, defaultStartHour } from '@liftwacht/contracts/dashboard';
import type { ReportPdfRequest } from '@liftwacht/contracts/reports';
import { localDay } from '../../lib/local-day.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { callKinds, type CallKind, type OrganisationReport, type ReportLift } from './report-model.ts';
import type { LiftActivityRow, ReportsRepository } from './reports.repository.ts';

type DashboardFigures = FastifyInstance['dashboard'];

/** How many lifts the "lowest availability" section lists. */
export const lowestCount = 10;

export class ReportsService {
  constructor(
    private readonly repository: ReportsRepository,
    private readonly dashboard: DashboardFigures,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  async organisationReport(principal: Principal, request: ReportPdfRequest): Promise<OrganisationReport> {
    const organisationId = request.subjectId;
    await this.access.assertOrganisation(principal, organisationId);
    const name = await this.repository.organisationName(organisationId);
    if (name === null) throw notFound('Organisation');

    const now = this.clock.now();
    // The dashboard's business hours (spec §7: it sends 7 and 19).
    const period = { from: request.from, to: request.to, startHour: defaultStartHour, endHour: defaultEndHour };
    const details = (type: 'liftAvailability' | 'intercomAvailability') =>
      this.dashboard.details(principal, {
        type,
        organisationId,
        ...period,
        lower: 0,
        upper: 1,
        limit: Number.MAX_SAFE_INTEGER,
        offset: 0,
      });
    // stats first: it refuses an organisation without lifts (404) or a role without period figures
    // (403) before anything else starts, so a refusal leaves no queries behind. The rest then run
    // side by side (on PostgreSQL each on its own pooled connection).
    const stats = await this.dashboard.stats(principal, { organisationId, ...period });
    if (stats.view !== 'period') throw new Error('the dashboard answered a current view for a period');
    const bounds = { from: request.from, to: request.to, now };
    const [liftDetails, intercomDetails, activity, calls, eventsByType, localeText] = await Promise.all([
      details('liftAvailability'),
      details('intercomAvailability'),
      this.repository.liftActivity(organisationId, bounds),
      this.repository.callsByKind(organisationId, bounds),
      this.repository.eventsByType(organisationId, bounds),
      this.repository.userLocale(principal.userId),
    ]);

    const lift = new Map(liftDetails.items.map((i) => [i.liftId, Number(i.value)]));
    const intercom = new Map(intercomDetails.items.map((i) => [i.liftId, Number(i.value)]));
    const referenceDay = minDay(request.to, localDay(now));
    const lifts = activity
      .map((row) => reportLift(row, lift.get(row.liftId) ?? 100, intercom.get(row.liftId) ?? null, referenceDay))
      .sort(byName);
    const byId = new Map(lifts.map((l) => [l.liftId, l]));
    // The details list is already ordered lowest first (ties by lift id), like the dashboard's.
    const lowest = liftDetails.items.flatMap((i) => byId.get(i.liftId) ?? []).slice(0, lowestCount);

    const locale = localeSchema.safeParse(localeText);
    return {
      locale: locale.success ? locale.data : 'nl',
      organisation: { id: organisationId, name },
      period,
      generatedAt: now,
      stats,
      callsByKind: countCalls(calls),
      lifts,
      lowest,
      eventsByType,
    };
  }
}

function reportLift(
  row: LiftActivityRow,
  availability: number,
  intercomAvailability: number | null,
  referenceDay: string,
): ReportLift {
  return {
    liftId: row.liftId,
    name: row.name,
    address: row.address,
    buildingName: row.buildingName,
    availability,
    intercomAvailability: row.hasIntercom ? intercomAvailability : null,
    unavailabilityEvents: row.unavailabilityEvents,
    alarmCalls: row.alarmCalls,
    visits: row.visits,
    inspectionDueOn: row.inspectionDueOn,
    inspectionExpired: row.inspectionDueOn !== null && row.inspectionDueOn < referenceDay,
  };
}

/** Calls of a kind the contract does not know count as "other", so the total stays whole. */
function countCalls(rows: { kind: string; count: number }[]): Record<CallKind, number> {
  const counts: Record<CallKind, number> = { entrapment: 0, false_alarm: 0, test: 0, other: 0 };
  for (const row of rows) {
    const kind = (callKinds as readonly string[]).includes(row.kind) ? (row.kind as CallKind) : 'other';
    counts[kind] += row.count;
  }
  return counts;
}

// "Lift 2" before "Lift 10", and Dutch rules for accents and case.
const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });
const byName = (a: ReportLift, b: ReportLift) => collator.compare(a.name, b.name) || a.liftId - b.liftId;

const minDay = (a: string, b: string) => (a < b ? a : b);
