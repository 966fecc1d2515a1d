// Barriers on a NOTIFY channel: a node sends a notification with a token of its own through the
// database and waits until its listener hears it back. PostgreSQL delivers a channel's
// notifications in commit order, so by then every change committed before the call has been heard.
// The in-memory caches kept in step by a channel (auth-state-cache.ts, availability-month-cache.ts)
// use it so that a request sees its own change.
import { randomUUID } from 'node:crypto';
import type { NotificationHandlers } from './database.ts';

const syncPrefix = 'sync:';

export class NotificationBarriers {
  private readonly waiting = new Map<string, () => void>();

  constructor(
    /** Sends a notification on the channel (through the database, so it is ordered with commits). */
    private readonly notify: (payload: string) => Promise<void>,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Whether a notification is a barrier rather than a change (and, if it is this node's, lets its
   * waiter go).
   */
  heard(payload: string): boolean {
    if (!payload.startsWith(syncPrefix)) return false;
    this.waiting.get(payload.slice(syncPrefix.length))?.();
    return true;
  }

  /** Lets every waiter go: the listener is gone, nobody will hear their barriers. */
  releaseAll(): void {
    for (const release of this.waiting.values()) release();
  }

  /** Sends a barrier and waits for it; onTimeout runs when it does not come back in time. */
  async pass(onTimeout: () => void): Promise<void> {
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const reached = new Promise<void>((resolve) => {
      this.waiting.set(token, resolve);
      timer = setTimeout(() => {
        onTimeout();
        resolve();
      }, this.timeoutMs);
    });
    try {
      await this.notify(`${syncPrefix}${token}`);
      await reached;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(token);
    }
  }
}

/**
 * What an in-memory cache kept in step by a NOTIFY channel shares: whether its listener is live
 * (nothing may be kept while it is not), the handlers Database.listen calls, and sync(). `changed`
 * gets each change signal; `forget` drops everything (on every listener up or down, and when a
 * barrier does not come back).
 */
export class ListenedState {
  private live = false;
  private readonly barriers: NotificationBarriers;

  constructor(
    notify: (payload: string) => Promise<void>,
    timeoutMs: number,
    private readonly changed: (payload: string) => void,
    private readonly forget: () => void,
  ) {
    this.barriers = new NotificationBarriers(notify, timeoutMs);
  }

  readonly handlers: NotificationHandlers = {
    onNotification: (payload) => {
      if (!this.barriers.heard(payload)) this.changed(payload);
    },
    onUp: () => {
      this.forget();
      this.live = true;
    },
    onDown: () => {
      this.live = false;
      this.forget();
      // Nobody will hear a barrier now; let the waiters go (nothing is kept while down).
      this.barriers.releaseAll();
    },
  };

  get isLive(): boolean {
    return this.live;
  }

  /** Waits until every change committed before the call has been heard (nothing to wait for while down). */
  async sync(): Promise<void> {
    if (!this.live) return;
    await this.barriers.pass(this.forget);
  }
}

/**
 * Several caches on one channel, over one listening connection: each gets every notification (a
 * cache ignores the change signals that are not its own, and the barriers of the others as
 * NotificationBarriers.heard does) and every up and down.
 */
export function sharedChannelHandlers(all: readonly NotificationHandlers[]): NotificationHandlers {
  return {
    onNotification: (payload) => {
      for (const h of all) h.onNotification(payload);
    },
    onUp: () => {
      for (const h of all) h.onUp();
    },
    onDown: () => {
      for (const h of all) h.onDown();
    },
  };
}
