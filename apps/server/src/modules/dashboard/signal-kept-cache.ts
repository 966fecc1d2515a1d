// Figures kept in memory per node under keys, each forgotten when a change signal names it: on the
// availability channel (shared, one listening connection per node), `<prefix>:<key>` drops one
// key with the keys under it (`<key>|…`) and `<prefix>:*` all of them; the triggers that send them are in the migrations (0024 alarm
// months, 0025 maintenance). While the listening connection is down nothing is kept, and when it
// is back everything is forgotten (ListenedState: signals may have been missed in between). A
// signal reaches another node a moment after the commit; sync() waits for it where that matters.
import type { NotificationHandlers } from '../../db/database.ts';
import { ListenedState } from '../../db/notification-barriers.ts';
import { evictLeastRecentlyUsed } from '../../lib/evict-least-recently-used.ts';

interface Entry<T> {
  value: Promise<T>;
  usedAt: number;
}

export interface SignalKeptCacheOptions {
  /** Keys kept; the least recently used go first. */
  maxKeys?: number;
  syncTimeoutMs?: number;
}

export class SignalKeptCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly listened: ListenedState;
  private readonly signalPrefix: string;
  private readonly maxKeys: number;
  private uses = 0;
  /** Counts for tests and metrics. */
  readonly stats = { hits: 0, loads: 0, signals: 0 };

  constructor(
    /** The signals' prefix before the colon: `alarms`, `maintenance`. */
    prefix: string,
    /** Sends a notification on the channel (through the database, so it is ordered with commits). */
    notify: (payload: string) => Promise<void>,
    options: SignalKeptCacheOptions = {},
  ) {
    this.signalPrefix = `${prefix}:`;
    this.maxKeys = options.maxKeys ?? 60;
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

  /** The value kept under key, loading it when absent (while the listener is down: load() alone). */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listened.isLive) return load();
    let entry = this.entries.get(key);
    if (entry) {
      this.stats.hits++;
    } else {
      this.stats.loads++;
      // Registered before the load starts: a signal during the load drops it, and the next
      // request loads it again.
      const loading: Entry<T> = { value: load(), usedAt: 0 };
      this.entries.set(key, loading);
      loading.value.catch(() => {
        if (this.entries.get(key) === loading) this.entries.delete(key);
      });
      this.evict();
      entry = loading;
    }
    entry.usedAt = ++this.uses;
    return entry.value;
  }

  /**
   * Resolves once every change committed before the call has reached this node's listener (a
   * barrier notification: the database delivers notifications in commit order).
   */
  sync(): Promise<void> {
    return this.listened.sync();
  }

  /**
   * `<prefix>:<key>` drops the key and the keys under it (`<key>|…`), `<prefix>:*` every key; the
   * channel's other signals are not ours.
   */
  private changed(payload: string): void {
    if (!payload.startsWith(this.signalPrefix)) return;
    this.stats.signals++;
    const key = payload.slice(this.signalPrefix.length);
    if (key === '*') {
      this.entries.clear();
      return;
    }
    this.entries.delete(key);
    const under = `${key}|`;
    for (const kept of this.entries.keys()) if (kept.startsWith(under)) this.entries.delete(kept);
  }

  private evict(): void {
    evictLeastRecentlyUsed(this.entries, this.maxKeys);
  }
}
