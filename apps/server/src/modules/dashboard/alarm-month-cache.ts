// The alarm figures' inputs of finished local days, kept in memory per node as compact arrays for
// the whole fleet: per lift its calls, entrapments, false alarms, unavailability events, restored
// ones and their repair time, and every time to acknowledge and to free with its lift (percentiles
// cannot be summed, so the values themselves are kept and merged per request). Kept per finished
// month (key: its first day) and per finished part of a month (`<month>|<first>..<last>`: the
// current month up to yesterday, the partial first month of a rolling year). A year is then a sum
// over a few thousand numbers and a sort of the kept times, plus today's part from SQL.
//
// Correct across nodes: a change to a call or `unavailable` event that started before the current
// local day NOTIFYs `alarms:<its month>` on commit (triggers of migrations 0024 and 0027), or
// `alarms:*` on a truncate, and every node forgets that month and its parts (SignalKeptCache). A
// day is kept only from an hour after it ended (lastKeepableDay()), so a write dated in it that sent
// no signal was committed before the node loaded it.
import { addDays } from '../../lib/calendar-days.ts';
import { localDay } from '../../lib/local-day.ts';
import { SignalKeptCache, type SignalKeptCacheOptions } from './signal-kept-cache.ts';
import { nextMonth } from './whole-months.ts';

/** Finished days (a month, or part of one) of the whole fleet: element i of the per-lift arrays is one lift. */
export interface AlarmMonth {
  /** The lifts with a call other than a test or an `unavailable` event that started in those days. */
  liftIds: Int32Array;
  calls: Int32Array;
  entrapments: Int32Array;
  falseAlarms: Int32Array;
  failures: Int32Array;
  restored: Int32Array;
  /** Microseconds from start to end of the restored events, summed (whole numbers: exact). */
  repairMicros: Float64Array;
  /** Seconds to acknowledge of each acknowledged entrapment, and its lift. */
  ttaLiftIds: Int32Array;
  tta: Float64Array;
  /** Seconds to free of each freed entrapment, and its lift. */
  ttfLiftIds: Int32Array;
  ttf: Float64Array;
}

/** A month is kept from this long after its end: longer than any write dated in it takes to commit. */
const settleMs = 3_600_000;

export class AlarmMonthCache extends SignalKeptCache<AlarmMonth> {
  constructor(notify: (payload: string) => Promise<void>, options: SignalKeptCacheOptions = {}) {
    super('alarms', notify, options);
  }

  /**
   * The last local day that may be kept at `now`: it ended an hour ago by the clock and by this
   * machine's time (the triggers' idea of "today" is the database's time; a test clock ahead of it
   * must not keep a day the database still calls today).
   */
  lastKeepableDay(now: Date): string {
    return addDays(localDay(new Date(Math.min(now.getTime(), Date.now()) - settleMs)), -1);
  }

  /** Whether a local month (its first day) may be kept whole at `now`. */
  keepable(month: string, now: Date): boolean {
    return this.isLive && addDays(nextMonth(month), -1) <= this.lastKeepableDay(now);
  }
}
