// The rules of the lift pages: whose lifts a user may list or open (own organisation plus granted
// ones; anything else is 404), which statuses a role may see, what an empty advanced search means,
// and how counters and the yearly ride estimate are read.
import { visibleLiftStatuses } from '@liftwacht/contracts/dashboard';
import type {
  CountersQuery,
  Lift,
  LiftListQuery,
  LiftSearchCriteria,
  LiftSearchQuery,
  LiftSearchTextField,
  LiftStatusItem,
  LogbookEntry,
  LogbookQuery,
  RideEstimateResponse,
} from '@liftwacht/contracts/lifts';
import { liftSearchTextFields } from '@liftwacht/contracts/lifts';
import type { SenseDataResponse } from '@liftwacht/contracts/sense';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { wholeBuckets } from './counter-buckets.ts';
import type { PeriodicalCounters } from './counters-json.ts';
import { quarterHourTotal } from './quarter-hour-series.ts';
import type { LiftCountersRepository } from './lift-counters.repository.ts';
import type { LiftLogbookRepository } from './lift-logbook.repository.ts';
import { addDays, daysBetween } from '../../lib/calendar-days.ts';
import { localDay } from '../../lib/local-day.ts';
import { pagedBatches } from '../../lib/spreadsheet-export.ts';
import type { LiftStatusesRepository } from './lift-statuses.repository.ts';
import type { LiftFilter, LiftListPage, LiftPage, LiftsRepository } from './lifts.repository.ts';
import type { SenseRepository } from './sense.repository.ts';
import { searchWords } from './search-terms.ts';

const daysPerYear = 365;

export class LiftsService {
  constructor(
    private readonly lifts: LiftsRepository,
    private readonly statuses: LiftStatusesRepository,
    private readonly logbook: LiftLogbookRepository,
    private readonly counters: LiftCountersRepository,
    private readonly sense: SenseRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  /** GET /lift: the free-text search (or every lift when the search is blank). */
  async list(principal: Principal, query: LiftListQuery): Promise<LiftListPage> {
    const organisationIds = await this.organisationIds(principal, query.organisationId);
    return this.lifts.list(
      { organisationIds, words: searchWords(query.search), fields: {}, statuses: [], statusMatch: 'any' },
      pageOf(query),
      this.clock.now(),
    );
  }

  /** POST /lift: the advanced search. No criteria, no search (spec §5): an empty answer. */
  async search(principal: Principal, query: LiftSearchQuery, criteria: LiftSearchCriteria): Promise<LiftListPage> {
    // The scope first: another organisation answers 404 even when there is nothing to search for.
    const organisationIds = await this.organisationIds(principal, query.organisationId);
    const filter = normaliseCriteria(criteria);
    if (!filter) return { itemsJson: '[]', total: 0 };
    const visible = visibleLiftStatuses(principal.roles);
    if (filter.statuses.some((status) => !visible.includes(status))) throw forbidden();
    return this.lifts.list({ ...filter, organisationIds }, pageOf(query), this.clock.now());
  }

  async get(principal: Principal, liftId: number): Promise<Lift> {
    await this.assertLift(principal, liftId);
    const lift = await this.lifts.findById(liftId);
    if (!lift) throw notFound('Lift');
    return lift;
  }

  /** Every status the role may see, each with yes/no (the single-lift current view). */
  async currentStatuses(principal: Principal, liftId: number): Promise<{ at: string; statuses: LiftStatusItem[] }> {
    await this.assertLift(principal, liftId);
    const now = this.clock.now();
    const visible = visibleLiftStatuses(principal.roles);
    const [active, rides] = await Promise.all([
      this.statuses.activeStatuses(liftId, visible, now),
      visible.includes('servicecounterMaintenanceAlert')
        ? this.statuses.ridesSinceMaintenance(liftId)
        : Promise.resolve(null),
    ]);
    const since = new Map(active.map((row) => [row.status, row.since]));
    return {
      at: now.toISOString(),
      statuses: visible.map((status) => ({
        status,
        active: since.has(status),
        since: since.get(status) ?? null,
        value: status === 'servicecounterMaintenanceAlert' ? rides : null,
      })),
    };
  }

  async logbookPage(
    principal: Principal,
    liftId: number,
    query: LogbookQuery,
  ): Promise<{ items: LogbookEntry[]; total: number }> {
    await this.assertLift(principal, liftId);
    return this.logbook.page(liftId, query);
  }

  /** Every line the lift's logbook shows for the filters, newest first, batch by batch (the export). */
  async logbookExport(
    principal: Principal,
    liftId: number,
    filters: Omit<LogbookQuery, 'limit' | 'offset'>,
  ): Promise<AsyncIterable<LogbookEntry[]>> {
    await this.assertLift(principal, liftId);
    return pagedBatches(
      async (offset, limit) => (await this.logbook.page(liftId, { ...filters, limit, offset })).items,
    );
  }

  async periodicalCounters(principal: Principal, liftId: number, query: CountersQuery): Promise<PeriodicalCounters> {
    await this.assertLift(principal, liftId);
    const { kind, interval } = query;
    const { from, to } = wholeBuckets(interval, query.from, query.to);
    const head = { liftId, kind, interval, from, to, timeZone: 'Europe/Amsterdam' as const };
    if (interval === '15m') {
      // A year is 35,040 buckets: they stay as read until the response writes them.
      const series = await this.counters.quarterHours(liftId, kind, from, to);
      return { ...head, items: series, sum: quarterHourTotal(series) };
    }
    const items = await this.counters.calendarBuckets(liftId, kind, interval, from, to);
    return { ...head, items, sum: items.reduce((total, item) => total + item.sum, 0) };
  }

  /**
   * Rides per year: the 365 whole local days up to yesterday when the lift's ride history reaches
   * back that far, otherwise its history so far scaled to a year. Today is left out, being partial.
   */
  async rideEstimate(principal: Principal, liftId: number): Promise<RideEstimateResponse['data']> {
    await this.assertLift(principal, liftId);
    const yesterday = addDays(localDay(this.clock.now()), -1);
    const windowStart = addDays(yesterday, -(daysPerYear - 1));
    // A history that starts inside the window has all its rides in the window: one read answers both.
    const { firstDay, rides: counted } = await this.counters.rideHistory(liftId, windowStart, yesterday);
    const rides = Math.round(counted);
    if (firstDay === null) {
      return { liftId, method: 'noData', estimate: null, rides: 0, basisFrom: null, basisTo: null, basisDays: 0 };
    }
    if (firstDay <= windowStart) {
      return {
        liftId,
        method: 'last365Days',
        estimate: rides,
        rides,
        basisFrom: windowStart,
        basisTo: yesterday,
        basisDays: daysPerYear,
      };
    }
    const basisDays = daysBetween(firstDay, yesterday) + 1;
    return {
      liftId,
      method: 'extrapolated',
      estimate: Math.round((counted * daysPerYear) / basisDays),
      rides,
      basisFrom: firstDay,
      basisTo: yesterday,
      basisDays,
    };
  }

  async senseData(principal: Principal, liftId: number): Promise<SenseDataResponse['data']> {
    await this.assertLift(principal, liftId);
    const [esNumber, items] = await Promise.all([this.sense.esNumber(liftId), this.sense.readings(liftId)]);
    return { liftId, esNumber, items };
  }

  /** 404 unless the lift exists and belongs to an organisation the principal may read. */
  private async assertLift(principal: Principal, liftId: number): Promise<void> {
    const organisationId = await this.lifts.organisationOf(liftId);
    if (organisationId === undefined || !(await this.access.canAccess(principal, organisationId))) {
      throw notFound('Lift');
    }
  }

  /** The chosen organisation (404 when not accessible), or every accessible one. */
  private async organisationIds(principal: Principal, organisationId: number | undefined): Promise<number[]> {
    if (organisationId === undefined) return this.access.organisationIds(principal);
    await this.access.assertOrganisation(principal, organisationId);
    return [organisationId];
  }
}

function pageOf(query: LiftSearchQuery): LiftPage {
  return { limit: query.limit, offset: query.offset, sort: query.sort, direction: query.direction };
}

/**
 * The criteria that actually constrain something, or undefined when none does: blank text, null
 * and empty lists are "not filled in" on a search form.
 */
export function normaliseCriteria(c: LiftSearchCriteria): Omit<LiftFilter, 'organisationIds'> | undefined {
  const fields: Partial<Record<LiftSearchTextField, string>> = {};
  for (const field of liftSearchTextFields) {
    const text = c[field];
    if (text) fields[field] = text;
  }
  const range = <T>(r: { from?: T | null; to?: T | null } | null | undefined) => {
    const from = r?.from ?? undefined;
    const to = r?.to ?? undefined;
    return from === undefined && to === undefined ? undefined : { from, to };
  };
  const commissionedOn = range(c.commissionedOn);
  const inspectionValidUntil = range(c.inspectionValidUntil);
  const min = c.maintenanceIntervalDays?.min ?? undefined;
  const max = c.maintenanceIntervalDays?.max ?? undefined;
  const maintenanceIntervalDays = min === undefined && max === undefined ? undefined : { min, max };
  const statuses = [...new Set(c.statuses ?? [])];
  const filter = {
    words: [],
    fields,
    hasFlow: c.hasFlow ?? undefined,
    hasIntercom: c.hasIntercom ?? undefined,
    hasModule: c.hasModule ?? undefined,
    statuses,
    statusMatch: c.statusMatch,
    commissionedOn,
    maintenanceIntervalDays,
    inspectionValidUntil,
  };
  const empty =
    Object.keys(fields).length === 0 &&
    filter.hasFlow === undefined &&
    filter.hasIntercom === undefined &&
    filter.hasModule === undefined &&
    statuses.length === 0 &&
    !commissionedOn &&
    !maintenanceIntervalDays &&
    !inspectionValidUntil;
  return empty ? undefined : filter;
}
