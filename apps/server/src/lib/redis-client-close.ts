// Ending an ioredis client without waiting for a Redis that is gone. A client still "ready" when
// Redis has just gone away (it has not noticed yet) queues its QUIT for the next connection and
// waits through every reconnect attempt: over a minute, during which a node's shutdown hangs.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

/** How long a connected client's QUIT may take before the connection is dropped instead. */
export const redisQuitTimeoutMs = 1000;

/** A polite QUIT when connected and answered in time; otherwise the connection is dropped at once. */
export async function closeRedisClient(client: Redis, timeoutMs = redisQuitTimeoutMs): Promise<void> {
  if (client.status === 'ready') {
    const quit = client.quit().then(
      () => true,
      () => false,
    );
    const answered = await Promise.race([quit, sleep(timeoutMs, false, { ref: false })]);
    if (answered) return;
  }
  client.disconnect();
}
