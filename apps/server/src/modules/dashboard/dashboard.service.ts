// The dashboard's rules: who may see which view, and the figures of the current and period views.
import type {
  CurrentStats,
  LiftStatus,
  PeriodStats,
  StatsDetailItem,
  StatsDetailsQuery,
  StatsQuery,
} from '@liftwacht/contracts/dashboard';
import { liftStatuses, visibleLiftStatuses } from '@liftwacht/contracts/dashboard';
import { hasPermission } from '@liftwacht/contracts/permissions';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { alarmDetailItems, alarmFigures, isAlarmDetailType } from './alarm-figures.ts';
import type { AlarmFiguresRepository } from './alarm-figures.repository.ts';
import type { AlarmMonthCache } from './alarm-month-cache.ts';
import { AlarmTotals } from './alarm-totals.ts';
import { computeAvailabilities, computeAvailability } from './availability-engine.ts';
import type { AvailabilityRepository } from './availability.repository.ts';
import { inBracket, summariseAvailability } from './availability.ts';
import type { ConditionRow, CurrentConditionsRepository } from './current-conditions.repository.ts';
import { CurrentCounts } from './current-counts.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { EnergyMonths } from './energy-months.ts';
import { MaintenanceTotals } from './maintenance-totals.ts';
import type { MaintenanceSnapshot, PeriodFigure, PeriodFiguresRepository } from './period-figures.repository.ts';
import type { SignalKeptCache } from './signal-kept-cache.ts';
import type { BusinessPeriod, LiftScope } from './stats-scope.ts';

export class DashboardService {
  private readonly energy: EnergyMonths;
  private readonly alarmTotals: AlarmTotals;
  private readonly maintenanceTotals: MaintenanceTotals;
  private readonly currentCounts: CurrentCounts;

  constructor(
    private readonly repository: DashboardRepository,
    private readonly availability: AvailabilityRepository,
    private readonly conditions: CurrentConditionsRepository,
    private readonly figures: PeriodFiguresRepository,
    private readonly alarms: AlarmFiguresRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
    /** Finished months of the alarm figures kept in memory; absent: SQL alone. */
    alarmMonths?: AlarmMonthCache,
    /** The maintenance figures' inputs kept in memory; absent: SQL alone. */
    maintenance?: SignalKeptCache<MaintenanceSnapshot>,
  ) {
    this.energy = new EnergyMonths(figures, availability);
    this.alarmTotals = new AlarmTotals(alarms, availability, alarmMonths);
    this.maintenanceTotals = new MaintenanceTotals(figures, availability, maintenance);
    this.currentCounts = new CurrentCounts(conditions, availability);
  }

  async stats(principal: Principal, query: StatsQuery): Promise<CurrentStats | PeriodStats> {
    const scope = await this.scope(principal, query.organisationId, query.liftId);
    if (query.from && query.to) {
      this.assertPeriodAllowed(principal);
      return this.periodStats(scope, {
        from: query.from,
        to: query.to,
        startHour: query.startHour,
        endHour: query.endHour,
      });
    }
    return this.currentStats(principal, scope);
  }

  async currentState(principal: Principal, organisationId: number) {
    if (organisationId === 0) return { items: [] };
    const scope = await this.scope(principal, organisationId);
    const visible = visibleLiftStatuses(principal.roles);
    const byLift = new Map<
      number,
      { liftId: number; name: string; statuses: { status: LiftStatus; since: string | null }[] }
    >();
    for (const row of await this.conditions.conditions(scope, this.clock.now())) {
      if (!visible.includes(row.status)) continue;
      const item = byLift.get(row.liftId) ?? { liftId: row.liftId, name: row.name, statuses: [] };
      item.statuses.push({ status: row.status, since: row.since });
      byLift.set(row.liftId, item);
    }
    return { items: [...byLift.values()].sort((a, b) => a.name.localeCompare(b.name, 'nl') || a.liftId - b.liftId) };
  }

  async details(principal: Principal, query: StatsDetailsQuery): Promise<{ items: StatsDetailItem[]; total: number }> {
    const scope = await this.scope(principal, query.organisationId);
    const now = this.clock.now();
    if (query.type === 'liftAvailability' || query.type === 'intercomAvailability') {
      return this.availabilityDetails(principal, scope, query, now);
    }
    const all = await this.detailItems(principal, scope, query, now);
    return { items: all.slice(query.offset, query.offset + query.limit), total: all.length };
  }

  /**
   * The lifts in an availability bracket, the least available first. They are ranked by their
   * fractions alone, so only the requested page's lifts are looked up for their names: reading all
   * 10,000 lifts' names and addresses took about half of the request.
   */
  private async availabilityDetails(
    principal: Principal,
    scope: LiftScope,
    query: StatsDetailsQuery,
    now: Date,
  ): Promise<{ items: StatsDetailItem[]; total: number }> {
    const period = this.requiredPeriod(principal, query);
    const kind = query.type === 'liftAvailability' ? 'unavailable' : 'intercom_unavailable';
    const { liftIds, fractions } = await computeAvailability(this.availability, kind, scope, period, now);
    const lower = query.lower ?? 0;
    const upper = query.upper ?? null;
    const ranked: number[] = [];
    for (let i = 0; i < liftIds.length; i++) if (inBracket(fractions[i] ?? 1, lower, upper)) ranked.push(i);
    ranked.sort((a, b) => (fractions[a] ?? 1) - (fractions[b] ?? 1) || (liftIds[a] ?? 0) - (liftIds[b] ?? 0));
    const page = ranked.slice(query.offset, query.offset + query.limit);
    const lifts = await this.repository.liftSummaries(
      scope.organisationId,
      page.map((i) => liftIds[i] ?? 0),
    );
    const items = page.map((i) => ({
      ...summary(lifts, liftIds[i] ?? 0),
      value: (fractions[i] ?? 1) * 100,
      unit: 'percentage' as const,
    }));
    return { items, total: ranked.length };
  }

  private async detailItems(
    principal: Principal,
    scope: LiftScope,
    query: StatsDetailsQuery,
    now: Date,
  ): Promise<StatsDetailItem[]> {
    const { type } = query;
    const period: BusinessPeriod | undefined =
      query.from && query.to
        ? { from: query.from, to: query.to, startHour: query.startHour, endHour: query.endHour }
        : undefined;

    if (isAlarmDetailType(type)) {
      const required = this.requiredPeriod(principal, query);
      const [lifts, rows] = await Promise.all([
        this.repository.liftSummaries(scope.organisationId),
        this.alarms.perLift(scope, required, now),
      ]);
      return alarmDetailItems(type, rows, (liftId) => summary(lifts, liftId));
    }

    const periodFigure = periodFigureOf(type, period);
    if (periodFigure) {
      const required = this.requiredPeriod(principal, query);
      const lifts = await this.repository.liftSummaries(scope.organisationId);
      const rows = (await this.figures.figures(scope, required, now)).filter((r) => r.figure === periodFigure);
      return rows
        .map((r) => ({
          ...summary(lifts, r.liftId),
          // an unknown inspection has no value to show: a dash, not a count of 1
          value: periodFigure === 'inspectionUnknown' ? null : (r.value ?? r.count),
          unit:
            r.value === null
              ? periodFigure === 'inspectionUnknown'
                ? ('date' as const)
                : ('count' as const)
              : periodFigure === 'maintenanceExpired'
                ? ('days' as const)
                : ('date' as const),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'nl') || a.liftId - b.liftId);
    }

    const status = type as LiftStatus;
    if (!liftStatuses.includes(status)) throw notFound('Statistic');
    if (!visibleLiftStatuses(principal.roles).includes(status)) throw forbidden();
    const rows = await this.conditions.conditions(scope, now, status);
    return rows.map((r) => conditionItem(r, now));
  }

  private async currentStats(principal: Principal, scope: LiftScope): Promise<CurrentStats> {
    const counts = await this.currentCounts.counts(scope, this.clock.now());
    const n = (s: LiftStatus) => counts.get(s) ?? 0;
    const visible = Object.fromEntries(visibleLiftStatuses(principal.roles).map((status) => [status, n(status)]));
    return {
      view: 'current',
      intercomUnavailable: n('intercomUnavailable'),
      senseNotConnected: n('senseNotConnected'),
      ...visible,
    };
  }

  private async periodStats(scope: LiftScope, period: BusinessPeriod): Promise<PeriodStats> {
    const now = this.clock.now();
    const [availability, figureTotals, energyWh, alarms] = await Promise.all([
      computeAvailabilities(this.availability, ['unavailable', 'intercom_unavailable'], scope, period, now),
      this.maintenanceTotals.totals(scope, period, now),
      this.energy.energyWh(scope, period, now),
      this.alarmTotals.totals(scope, period, now),
    ]);
    const lift = availability.get('unavailable');
    const intercom = availability.get('intercom_unavailable');
    if (!lift || !intercom) throw new Error('availability not computed');
    const total = (figure: PeriodFigure) => figureTotals.find((r) => r.figure === figure)?.count ?? 0;
    const lifts = (figure: PeriodFigure) => figureTotals.find((r) => r.figure === figure)?.lifts ?? 0;
    return {
      view: 'period',
      from: period.from,
      to: period.to,
      liftAvailability: summariseAvailability(lift.fractions, lift.unavailableSeconds),
      intercomAvailability: summariseAvailability(intercom.fractions, intercom.unavailableSeconds),
      approvalRejected: { count: total('approvalRejected') },
      approvalExpired: { count: total('approvalExpired'), lift_count: lifts('approvalExpired') },
      inspectionUnknown: { lift_count: lifts('inspectionUnknown') },
      maintenanceBeforeInterval: { count: total('maintenanceBeforeInterval') },
      maintenanceOnInterval: { count: total('maintenanceOnInterval') },
      maintenanceAfterInterval: { count: total('maintenanceAfterInterval') },
      maintenanceExpired: { lift_count: lifts('maintenanceExpired') },
      energyWh,
      maintenanceVisits: { count: total('maintenanceVisits') },
      ...alarmFigures(alarms),
    };
  }

  /** Organisation (and lift) the principal may read; 404 otherwise and when it has no lifts. */
  private async scope(principal: Principal, organisationId: number, liftId?: number): Promise<LiftScope> {
    if (!hasPermission(principal.roles, 'dashboard.view', principal.organisationType)) throw forbidden();
    await this.access.assertOrganisation(principal, organisationId);
    if (liftId !== undefined) {
      if (!(await this.repository.liftExists(organisationId, liftId))) throw notFound('Lift');
    } else if (!(await this.repository.hasLifts(organisationId))) {
      // spec §8: a stats 404 shows the "organisation has no lifts" message
      throw notFound('Lifts of this organisation');
    }
    return { organisationId, liftId };
  }

  /** The period a period detail needs: the role must see periods (403), and one must be given (400). */
  private requiredPeriod(principal: Principal, query: StatsDetailsQuery): BusinessPeriod {
    this.assertPeriodAllowed(principal);
    if (!query.from || !query.to) throw periodRequired();
    return { from: query.from, to: query.to, startHour: query.startHour, endHour: query.endHour };
  }

  private assertPeriodAllowed(principal: Principal): void {
    if (!hasPermission(principal.roles, 'stats.period', principal.organisationType)) throw forbidden();
  }
}

const periodRequired = () => badRequest('validation_failed', 'from: required for a period statistic', 'from');

function periodFigureOf(type: StatsDetailsQuery['type'], period: BusinessPeriod | undefined): PeriodFigure | undefined {
  switch (type) {
    case 'maintenanceBeforeInterval':
    case 'maintenanceOnInterval':
    case 'maintenanceAfterInterval':
    case 'maintenanceExpired':
      return type;
    // Without a period these three are the current conditions of the same name.
    case 'approvalRejected':
    case 'approvalExpired':
    case 'inspectionUnknown':
      return period ? type : undefined;
    default:
      return undefined;
  }
}

function summary(
  lifts: Map<number, { name: string; address: string; buildingName: string | null }>,
  liftId: number,
): Pick<StatsDetailItem, 'liftId' | 'name' | 'address' | 'buildingName'> {
  const lift = lifts.get(liftId);
  return { liftId, name: lift?.name ?? '', address: lift?.address ?? '', buildingName: lift?.buildingName ?? null };
}

function conditionItem(row: ConditionRow, now: Date): StatsDetailItem {
  const base = { liftId: row.liftId, name: row.name, address: row.address, buildingName: row.buildingName };
  switch (row.status) {
    case 'servicecounterMaintenanceAlert':
      // Over the ride threshold: the rides; else the interval ran out: the whole days since.
      return row.value !== null || row.since === null
        ? { ...base, value: row.value, unit: 'rides' }
        : { ...base, value: Math.floor((now.getTime() - Date.parse(row.since)) / 86_400_000), unit: 'days' };
    case 'approvalRejected':
    case 'approvalExpired':
    case 'inspectionUnknown':
      return { ...base, value: row.since, unit: 'date' };
    default:
      return { ...base, value: row.since, unit: 'timestamp' };
  }
}
