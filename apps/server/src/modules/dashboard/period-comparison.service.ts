// Compare periods (spec §2): the figures of each pair of periods, current and previous, computed
// by the dashboard service itself, so every figure is the one GET /stats answers for that period
// (same permission, organisation scope, business hours and lift filter).
import type { ComparedPeriodRange, ComparisonExportQuery } from '@liftwacht/contracts/dashboard-comparison';
import type { PeriodStats } from '@liftwacht/contracts/dashboard';
import { badRequest } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { localDay } from '../../lib/local-day.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { DashboardService } from './dashboard.service.ts';

export interface ComparedPeriodStats extends ComparedPeriodRange {
  stats: PeriodStats;
}

export interface ComparedPair {
  current: ComparedPeriodStats;
  previous: ComparedPeriodStats;
}

export type ComparisonSelection = Pick<
  ComparisonExportQuery,
  'organisationId' | 'periods' | 'startHour' | 'endHour' | 'liftId'
>;

export class PeriodComparisonService {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly clock: Clock,
  ) {}

  /** The pairs in the order asked; a period asked twice is computed once. */
  async compare(principal: Principal, selection: ComparisonSelection): Promise<ComparedPair[]> {
    const { periods, ...filters } = selection;
    // A period that has not begun has no figures: its zeros would read as a perfect period.
    const today = localDay(this.clock.now());
    const future = periods.find((range) => range.from > today);
    if (future) {
      throw badRequest(
        'validation_failed',
        `${future.from}/${future.to} has not begun yet: a compared period starts on or before today (${today})`,
        'periods',
      );
    }
    const byRange = new Map<string, Promise<ComparedPeriodStats>>();
    const statsOf = (range: ComparedPeriodRange) => {
      const key = `${range.from}/${range.to}`;
      const known = byRange.get(key);
      if (known) return known;
      const computed = this.periodStats(principal, filters, range);
      byRange.set(key, computed);
      return computed;
    };
    // The first period alone: a refusal (403, 404) answers before the other periods are computed.
    const [first] = periods;
    if (first) await statsOf(first);
    const all = await Promise.all(periods.map(statsOf));
    const pairs: ComparedPair[] = [];
    for (let i = 0; i + 1 < all.length; i += 2) {
      const current = all[i];
      const previous = all[i + 1];
      if (current && previous) pairs.push({ current, previous });
    }
    return pairs;
  }

  private async periodStats(
    principal: Principal,
    filters: Omit<ComparisonSelection, 'periods'>,
    range: ComparedPeriodRange,
  ): Promise<ComparedPeriodStats> {
    const stats = await this.dashboard.stats(principal, { ...filters, ...range });
    // A from/to always asks the period view; the check keeps the type honest.
    if (stats.view !== 'period') throw new Error('the dashboard answered the current view for a period');
    return { ...range, stats };
  }
}
