// A connection of its own that LISTENs on one channel and comes back after PostgreSQL goes away
// (restart, failover, a network cut). Whoever relies on the notifications must know when it may
// have missed some: onDown fires as the connection is lost, onUp once LISTEN is in place again.
import pg from 'pg';
import type { NotificationHandlers } from './database.ts';

const firstRetryMs = 500;
const maxRetryMs = 10_000;

export async function listenOnPostgres(
  url: string,
  options: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, options, keepAlive: true });
    // Without a listener an 'error' (the server going away) would be an uncaught exception.
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = firstRetryMs;
    handlers.onUp();
  };

  const lost = (which: pg.Client): void => {
    if (client !== which) return;
    client = null;
    handlers.onDown();
    which.end().catch(() => undefined);
    scheduleRetry();
  };

  const scheduleRetry = (): void => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => {
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        scheduleRetry();
      });
    }, retryMs);
    retryTimer.unref();
  };

  // The first connection must work: the server is starting against this database anyway.
  await connect();

  return async () => {
    closed = true;
    clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
