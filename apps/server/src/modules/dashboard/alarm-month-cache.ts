// The alarm figures' inputs of finished local months, kept in memory per node as compact arrays for
// the whole fleet: per lift its calls, entrapments, false alarms, unavailability events, restored
// ones and their repair time, and every time to acknowledge and to free with its lift (percentiles
// cannot be summed, so the values themselves are kept and merged per request). A year is then a
// sum over a few thousand numbers and a sort of the kept times, plus the open month from SQL.
//
// Correct across nodes: a change to a call or `unavailable` event that started before the current
// local month NOTIFYs `liftwacht_availability` with `alarms:<month>` on commit (triggers of
// migration 0024), or `alarms:*` on a truncate, and every node forgets that month. A month is kept
// only from an hour after it ended (keepable()), so a write dated in it that sent no signal was
// committed before the node loaded it. While the listening connection is down nothing is kept, and
// when it is back everything is forgotten (ListenedState). A signal reaches another node a moment
// after the commit; sync() waits for it where that matters.
import type { NotificationHandlers } from '../../db/database.ts';
import { ListenedState } from '../../db/notification-barriers.ts';
import { localDay } from '../../lib/local-day.ts';

/** One finished month of the whole fleet: element i of the per-lift arrays is one lift. */
export interface AlarmMonth {
  /** The lifts with a call other than a test or an `unavailable` event that started in the month. */
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

interface Entry {
  month: Promise<AlarmMonth>;
  usedAt: number;
}

export interface AlarmMonthCacheOptions {
  /** Months kept; the least recently used go first. */
  maxMonths?: number;
  syncTimeoutMs?: number;
}

const signalPrefix = 'alarms:';
/** A month is kept from this long after its end: longer than any write dated in it takes to commit. */
const settleMs = 3_600_000;

export class AlarmMonthCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listened: ListenedState;
  private readonly maxMonths: number;
  private uses = 0;
  /** Counts for tests and metrics. */
  readonly stats = { hits: 0, loads: 0, signals: 0 };

  constructor(
    /** Sends a notification on the channel (through the database, so it is ordered with commits). */
    notify: (payload: string) => Promise<void>,
    options: AlarmMonthCacheOptions = {},
  ) {
    this.maxMonths = options.maxMonths ?? 60;
    this.listened = new ListenedState(
      notify,
      options.syncTimeoutMs ?? 2_000,
      (payload) => this.changed(payload),
      () => this.entries.clear(),
    );
    this.handlers = this.listened.handlers;
  }

  /** What the database listener calls (Database.listen on availabilityChannel, shared). */
  readonly handlers: NotificationHandlers;

  get isLive(): boolean {
    return this.listened.isLive;
  }

  /**
   * Whether a local month (its first day) may be kept at `now`: it ended an hour ago by the clock
   * and by this machine's time (the triggers' idea of "the current month" is the database's time;
   * a test clock ahead of it must not keep a month the database still calls current).
   */
  keepable(month: string, now: Date): boolean {
    const settled = localDay(new Date(Math.min(now.getTime(), Date.now()) - settleMs));
    return this.listened.isLive && month < `${settled.slice(0, 7)}-01`;
  }

  /** The kept month (loading it when absent). Only for keepable() months. */
  async month(month: string, load: () => Promise<AlarmMonth>): Promise<AlarmMonth> {
    let entry = this.entries.get(month);
    if (entry) {
      this.stats.hits++;
    } else {
      this.stats.loads++;
      // Registered before the load starts: a signal during the load drops it, and the next
      // request loads the month again.
      const loading: Entry = { month: load(), usedAt: 0 };
      this.entries.set(month, loading);
      loading.month.catch(() => {
        if (this.entries.get(month) === loading) this.entries.delete(month);
      });
      this.evict();
      entry = loading;
    }
    entry.usedAt = ++this.uses;
    return entry.month;
  }

  /** Forgets everything kept. */
  invalidate(): void {
    this.entries.clear();
  }

  /**
   * Resolves once every change committed before the call has reached this node's listener (a
   * barrier notification: the database delivers notifications in commit order).
   */
  sync(): Promise<void> {
    return this.listened.sync();
  }

  /** `alarms:yyyy-mm-01` or `alarms:*`; the channel's other signals are not ours. */
  private changed(payload: string): void {
    if (!payload.startsWith(signalPrefix)) return;
    this.stats.signals++;
    const month = payload.slice(signalPrefix.length);
    if (month === '*') this.entries.clear();
    else this.entries.delete(month);
  }

  private evict(): void {
    while (this.entries.size > this.maxMonths) {
      let oldestKey: string | undefined;
      let oldest = Infinity;
      for (const [key, entry] of this.entries) {
        if (entry.usedAt < oldest) {
          oldest = entry.usedAt;
          oldestKey = key;
        }
      }
      if (oldestKey === undefined) return;
      this.entries.delete(oldestKey);
    }
  }
}
