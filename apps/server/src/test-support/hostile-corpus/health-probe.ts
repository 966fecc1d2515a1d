// GET /health every ~50 ms over its own connection while an attack runs: the worst latency and
// the 99th percentile say whether the attack held the event loop. A probe still unanswered when
// the attack ends counts with the time it has waited, so a stalled server never reads as quick.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface HealthFigures {
  probes: number;
  /** Probes that did not answer 200 (or failed). */
  failed: number;
  worstMs: number;
  p99Ms: number;
}

export interface HealthProbe {
  stop(): HealthFigures;
}

export function startHealthProbe(baseUrl: string, everyMs = 50): HealthProbe {
  const url = new URL('/liftwacht/health', baseUrl);
  // One keep-alive connection of its own: never queued behind the attack's requests.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failed = 0;
  let pendingSince: number | undefined;
  let stopped = false;

  const probe = () => {
    if (stopped || pendingSince !== undefined) return;
    const started = performance.now();
    pendingSince = started;
    const done = (ok: boolean) => {
      if (pendingSince !== started) return;
      pendingSince = undefined;
      latencies.push(performance.now() - started);
      if (!ok) failed++;
    };
    const request = http.get(url, { agent, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode === 200));
      res.on('error', () => done(false));
    });
    request.on('timeout', () => request.destroy(new Error('health probe timed out')));
    request.on('error', () => done(false));
  };
  const timer = setInterval(probe, everyMs);
  probe();

  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
      if (pendingSince !== undefined) {
        latencies.push(performance.now() - pendingSince);
        pendingSince = undefined;
      }
      agent.destroy();
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        probes: sorted.length,
        failed,
        worstMs: sorted.at(-1) ?? 0,
        p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0,
      };
    },
  };
}
