// What authenticates and scopes a request — the session's principal, an organisation's scope —
// kept in memory per node, so a request needs no database round trip for it. Correct across nodes
// because every change to the tables behind it NOTIFYs `liftwacht_auth` on commit (migration 0020)
// and every node forgets everything on that signal. While the listening connection is down nothing
// is kept (each request asks the database, as before); when it is back, all that was kept is
// forgotten, since signals may have been missed in between.
import type { NotificationHandlers } from '../db/database.ts';
import { ListenedState } from '../db/notification-barriers.ts';

export const authChannel = 'liftwacht_auth';

interface Entry<T> {
  value: T;
  storedAt: number;
}

export interface AuthStateCacheOptions {
  /** An entry is looked up again after this long even without a signal (a safety net). */
  maxAgeMs?: number;
  /** At most this many entries per kind; the oldest go first. */
  maxEntries?: number;
  /** How long sync() waits for its barrier before it gives up and forgets everything. */
  syncTimeoutMs?: number;
  /** Monotonic milliseconds (performance.now by default). */
  now?: () => number;
}

export class AuthStateCache {
  /** Moves on every change signal: a lookup that began before it must not store its answer. */
  private generation = 0;
  private readonly maps = new Map<string, Map<string, Entry<unknown>>>();
  private readonly listened: ListenedState;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Counts for tests and metrics. */
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(
    /** Sends a notification on the channel (through the database, so it is ordered with commits). */
    notify: (payload: string) => Promise<void>,
    options: AuthStateCacheOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.listened = new ListenedState(
      notify,
      options.syncTimeoutMs ?? 2_000,
      () => this.invalidate(),
      () => this.invalidate(),
    );
    this.handlers = this.listened.handlers;
    this.now = options.now ?? (() => performance.now());
  }

  /** What the database listener calls (Database.listen on authChannel). */
  readonly handlers: NotificationHandlers;

  get isLive(): boolean {
    return this.listened.isLive;
  }

  /**
   * The value kept under kind/key, or load()'s answer, kept when nothing changed while it loaded.
   * null answers (no such session) are not kept: they are rare and must not outlive a new row.
   */
  async get<T>(kind: string, key: string, load: () => Promise<T | null>): Promise<T | null> {
    const map = this.mapOf(kind);
    const entry = map.get(key);
    if (entry && this.now() - entry.storedAt < this.maxAgeMs) {
      this.stats.hits++;
      return entry.value as T;
    }
    this.stats.misses++;
    const generation = this.generation;
    const value = await load();
    if (value !== null && this.listened.isLive && generation === this.generation) {
      map.delete(key);
      if (map.size >= this.maxEntries) {
        const oldest = map.keys().next();
        if (!oldest.done) map.delete(oldest.value);
      }
      map.set(key, { value, storedAt: this.now() });
    }
    return value;
  }

  /** Forgets everything kept, and any lookup still running will not store its answer. */
  invalidate(): void {
    this.generation++;
    this.stats.invalidations++;
    for (const map of this.maps.values()) map.clear();
  }

  /**
   * Resolves once every change committed before the call has reached this node's listener: a
   * barrier notification goes through the database, which delivers notifications in commit order.
   * A request that changed something awaits this before it answers, so its next request on this
   * node sees the change. (Another node sees it a moment later, when its own signal arrives.)
   */
  sync(): Promise<void> {
    return this.listened.sync();
  }

  private mapOf(kind: string): Map<string, Entry<unknown>> {
    let map = this.maps.get(kind);
    if (!map) {
      map = new Map();
      this.maps.set(kind, map);
    }
    return map;
  }
}
