// Optional parts of the server (the demo simulator) start in the background and try again on
// failure, with a growing pause, instead of failing the start: the portal serves without them.
import type { FastifyBaseLogger } from 'fastify';

export interface KeepTrying {
  /** Stops further attempts (shutdown). */
  stop(): void;
}

export function keepTrying(
  name: string,
  attempt: () => Promise<void>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  /**
   * startAfterMs: the first attempt waits this long (0: at once); firstDelayMs: the pause after the
   * first failure, doubling up to maxDelayMs.
   */
  options: { startAfterMs?: number; firstDelayMs?: number; maxDelayMs?: number } = {},
): KeepTrying {
  const firstDelayMs = options.firstDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = (failures: number): void => {
    attempt().catch((err: unknown) => {
      if (stopped) return;
      const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** failures);
      log.warn({ err, retryInMs: delayMs }, `${name} failed to start; trying again`);
      timer = setTimeout(() => run(failures + 1), delayMs);
      timer.unref();
    });
  };
  if (options.startAfterMs) {
    timer = setTimeout(() => run(0), options.startAfterMs);
    timer.unref();
  } else {
    run(0);
  }
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
