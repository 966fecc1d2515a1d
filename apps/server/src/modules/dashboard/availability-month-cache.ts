// The availability rollup of whole local months, kept in memory per node as compact arrays: for a
// kind, business hours and month, every lift-day with unavailable seconds inside those hours. A
// year is then a sum over a few hundred thousand numbers in Node instead of a statement over the
// rollup tables (60–110 ms of SQL for 10,000 lifts).
//
// Correct across nodes and after ingest: every rollup refresh NOTIFYs `liftwacht_availability` on
// commit with the kind and the lifts it rebuilt, or `*` for all (db/rollups/availability-rollup.ts).
// Each node marks those lifts dirty in what it keeps; a dirty lift is read from the database with
// the request until it has been dirty so often that the month is loaded again. While the listening
// connection is down nothing is kept, and when it is back everything kept is forgotten (signals may
// have been missed in between). A signal reaches another node a moment after the commit, as the
// session cache's do (plugins/auth-state-cache.ts); sync() waits for it where that matters.
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationHandlers } from '../../db/database.ts';
import { ListenedState } from '../../db/notification-barriers.ts';
import type { AvailabilityKind } from '../../db/rollups/availability-rollup.ts';
import { evictLeastRecentlyUsed } from '../../lib/evict-least-recently-used.ts';
import { liftIdSet, type LiftIdSet } from '../../lib/lift-id-set.ts';

/** A month's lift-days with unavailable business seconds: element i of each array is one row. */
export interface MonthRows {
  liftIds: Int32Array;
  /** Day of the month, 1..31. */
  days: Uint8Array;
  seconds: Float64Array;
}

interface Entry {
  kind: AvailabilityKind;
  rows: Promise<MonthRows>;
  /** Lifts rebuilt since this entry began loading: their rows here may be stale. */
  dirty: Set<number>;
  usedAt: number;
}

/** The lifts a fleet's figures count, in id order, with whether each has an intercom. */
export interface CountingLifts {
  liftIds: number[];
  hasIntercom: boolean[];
  /** Epoch ms of the local midnight of the day each was decommissioned on; null while in service. */
  decommissionedAtMs: (number | null)[];
}

export interface KeptMonth {
  rows: MonthRows;
  dirty: ReadonlySet<number>;
}

export interface AvailabilityMonthCacheOptions {
  /** Months kept (per kind and business hours each); the least recently used go first. */
  maxMonths?: number;
  /** A month with more dirty lifts than this is loaded again instead of patched per request. */
  maxDirty?: number;
  syncTimeoutMs?: number;
}

export class AvailabilityMonthCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listened: ListenedState;
  private readonly liftLists = new Map<string, CountingLifts>();
  /** Lists being loaded; forgotten with the kept ones, so a caller after a signal loads anew. */
  private readonly liftLoads = new Map<string, Promise<CountingLifts>>();
  /** Moves on every 'lifts' signal: a list that began loading before it is not kept. */
  private liftsGeneration = 0;
  private readonly maxMonths: number;
  private readonly maxDirty: number;
  private uses = 0;
  /** Counts for tests and metrics. */
  readonly stats = { hits: 0, loads: 0, signals: 0 };

  constructor(
    /** Sends a notification on the channel (through the database, so it is ordered with commits). */
    notify: (payload: string) => Promise<void>,
    options: AvailabilityMonthCacheOptions = {},
  ) {
    this.maxMonths = options.maxMonths ?? 96;
    this.maxDirty = options.maxDirty ?? 500;
    this.listened = new ListenedState(
      notify,
      options.syncTimeoutMs ?? 2_000,
      (payload) => {
        this.stats.signals++;
        this.changed(payload);
      },
      () => this.invalidate(),
    );
    this.handlers = this.listened.handlers;
  }

  /** What the database listener calls (Database.listen on availabilityChannel). */
  readonly handlers: NotificationHandlers;

  get isLive(): boolean {
    return this.listened.isLive;
  }

  /**
   * The kept rows of one month (loading them when absent) with the lifts that are dirty in them.
   * The dirty set is a copy taken now: the caller reads those lifts from the database.
   */
  async month(
    kind: AvailabilityKind,
    startHour: number,
    endHour: number,
    month: string,
    load: () => Promise<MonthRows>,
  ): Promise<KeptMonth> {
    if (!this.listened.isLive) return { rows: await load(), dirty: new Set() };
    const key = `${kind}|${String(startHour)}|${String(endHour)}|${month}`;
    let entry = this.entries.get(key);
    if (entry && entry.dirty.size > this.maxDirty) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (entry) {
      this.stats.hits++;
    } else {
      this.stats.loads++;
      // Registered before the load starts: a signal during the load marks its lifts dirty here.
      const loading: Entry = { kind, rows: load(), dirty: new Set(), usedAt: ++this.uses };
      this.entries.set(key, loading);
      loading.rows.catch(() => {
        if (this.entries.get(key) === loading) this.entries.delete(key);
      });
      this.evict();
      entry = loading;
    }
    entry.usedAt = ++this.uses;
    const rows = await entry.rows;
    return { rows, dirty: new Set(entry.dirty) };
  }

  /**
   * The counting lifts kept under key (countingLiftsKey), or load()'s answer. The period figures of
   * one request ask for the same list at once: they share one load.
   */
  async lifts(key: string, load: () => Promise<CountingLifts>): Promise<CountingLifts> {
    const kept = this.liftLists.get(key) ?? this.liftLoads.get(key);
    if (kept) return kept;
    const generation = this.liftsGeneration;
    const loading = load().then((loaded) => {
      if (this.listened.isLive && generation === this.liftsGeneration) {
        if (this.liftLists.size >= this.maxMonths) this.liftLists.clear();
        this.liftLists.set(key, loaded);
      }
      return loaded;
    });
    this.liftLoads.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.liftLoads.get(key) === loading) this.liftLoads.delete(key);
    }
  }

  /** Forgets everything kept. */
  invalidate(): void {
    this.entries.clear();
    this.forgetLifts();
  }

  private forgetLifts(): void {
    this.liftsGeneration++;
    this.liftLists.clear();
    this.liftLoads.clear();
  }

  /**
   * Resolves once every change committed before the call has reached this node's listener (a
   * barrier notification: the database delivers notifications in commit order).
   */
  sync(): Promise<void> {
    return this.listened.sync();
  }

  /** `kind:*` or `kind:id,id,…` from the rollup refresh, `lifts` from a change to the lifts. */
  private changed(payload: string): void {
    if (payload === 'lifts') {
      this.forgetLifts();
      return;
    }
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const ids = payload.slice(colon + 1);
    for (const [key, entry] of this.entries) {
      if (colon < 0 || entry.kind !== kind) {
        if (colon < 0) this.entries.delete(key);
        continue;
      }
      if (ids === '*') {
        this.entries.delete(key);
        continue;
      }
      for (const id of ids.split(',')) entry.dirty.add(Number(id));
    }
  }

  private evict(): void {
    evictLeastRecentlyUsed(this.entries, this.maxMonths);
  }
}

/** The key the counting lifts of a scope, period start and kinds are kept under. */
export function countingLiftsKey(
  scope: { organisationId?: number | undefined },
  p: { from: string },
  kinds: readonly string[],
): string {
  return `${String(scope.organisationId)}|${p.from}|${kinds.join(',')}`;
}

const idSets = new WeakMap<CountingLifts, LiftIdSet>();

/**
 * The membership table of a kept list's ids, built once per list: the alarm, maintenance and
 * energy figures of one request each asked for it (~0.15 ms each at 10,000 lifts). Kept lists are
 * never changed; a change to the lifts makes new ones.
 */
export function countingLiftIdSet(lifts: CountingLifts): LiftIdSet {
  let set = idSets.get(lifts);
  if (set === undefined) {
    set = liftIdSet(lifts.liftIds);
    idSets.set(lifts, set);
  }
  return set;
}

/** The lifts' ids as a SQL literal: runs of consecutive ids (int4multirange) or a list (int[]). */
interface IdsLiteral {
  runs: boolean;
  text: string;
}

const idsLiterals = new WeakMap<CountingLifts, IdsLiteral>();

/**
 * The ids as runs of consecutive ids when they are mostly runs, as a list otherwise, built once
 * per kept list. 10,000 ids as a list cost the driver and the socket about a millisecond a
 * statement, and PostgreSQL the parsing of it; an organisation's lifts are mostly runs (created
 * together, imported).
 */
function idsLiteral(lifts: CountingLifts): IdsLiteral {
  let literal = idsLiterals.get(lifts);
  if (literal === undefined) {
    const runs: string[] = [];
    const ids = lifts.liftIds;
    for (let i = 0; i < ids.length;) {
      let j = i;
      while (j + 1 < ids.length && ids[j + 1] === (ids[j] ?? 0) + 1) j++;
      runs.push(`[${String(ids[i])},${String((ids[j] ?? 0) + 1)})`);
      i = j + 1;
    }
    literal =
      runs.length * 4 <= ids.length
        ? { runs: true, text: `{${runs.join(',')}}` }
        : { runs: false, text: `{${ids.join(',')}}` };
    idsLiterals.set(lifts, literal);
  }
  return literal;
}

/** A relation with the lifts' ids (column `id`), for a statement that joins these lifts' rows. */
export function liftIdsSql(lifts: CountingLifts): SQL {
  const { runs, text } = idsLiteral(lifts);
  return runs
    ? sql`select generate_series(lower(r), upper(r) - 1) as id from unnest(${text}::int4multirange) as r`
    : sql`select unnest(${text}::int[]) as id`;
}

/**
 * A condition that an int column is one of the lifts' ids: containment in their runs (a binary
 * search over a few ranges) or membership of their list (hashed by PostgreSQL). Tested row by row
 * where a scan reads them, so no join with the ids, and no sort of both sides for one, is needed.
 */
export function liftIdFilterSql(lifts: CountingLifts, column: SQL): SQL {
  const { runs, text } = idsLiteral(lifts);
  return runs ? sql`${column} <@ ${text}::int4multirange` : sql`${column} = any(${text}::int[])`;
}
