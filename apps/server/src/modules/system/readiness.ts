// The readiness probe's checks (DESIGN §5): the database, the MQTT broker and, with REDIS_URL,
// Redis. Each answers within a short timeout, so a hung dependency makes the node "not ready"
// quickly instead of hanging the load balancer's probe.
import type { FastifyInstance } from 'fastify';

export type CheckResult = 'ok' | 'failed';

/** A dependency that has not answered by then counts as failed. */
export const readinessTimeoutMs = 1500;

async function withTimeout(probe: () => Promise<void>, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${String(timeoutMs)} ms`)), timeoutMs);
  });
  try {
    await Promise.race([probe(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readinessChecks(
  app: FastifyInstance,
  timeoutMs = readinessTimeoutMs,
): Promise<Record<string, CheckResult>> {
  const probes: Record<string, () => Promise<void>> = {
    database: () => app.database.ping(),
    mqtt: () =>
      app.mqtt.connected
        ? Promise.resolve()
        : Promise.reject(new Error(app.mqtt.mode === 'embedded' ? 'embedded broker not listening' : 'not connected')),
  };
  if (app.config.redisUrl) probes.redis = () => app.socketAdapterPing();

  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]): Promise<[string, CheckResult]> => {
      try {
        await withTimeout(probe, timeoutMs);
        return [name, 'ok'];
      } catch (err) {
        app.log.warn({ err }, `readiness: ${name} failed`);
        return [name, 'failed'];
      }
    }),
  );
  return Object.fromEntries(entries);
}
