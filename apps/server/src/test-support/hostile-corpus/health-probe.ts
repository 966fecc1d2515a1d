// GET /health every ~50 ms over its own connection while an attack runs: the worst latency and
// the 99th percentile say whether the attack held the server's event loop. The probe runs in a
// worker thread, so its timers keep firing while the main thread is busy — which matters in the
// corpus test, where the app shares the test's thread: a stall is measured from when a probe was
// due, not from whenever the stalled loop got round to sending it. A probe still unanswered when
// the attack ends counts with the time it has waited, so a stalled server never reads as quick.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export interface HealthFigures {
  probes: number;
  /** Probes that did not answer 200 (or failed). */
  failed: number;
  worstMs: number;
  p99Ms: number;
}

export interface HealthProbe {
  stop(): Promise<HealthFigures>;
}

const probeSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
let failed = 0, pendingSince, stopped = false;
const probe = () => {
  if (stopped || pendingSince !== undefined) return;
  const started = performance.now();
  pendingSince = started;
  const done = (ok) => {
    if (pendingSince !== started) return;
    pendingSince = undefined;
    latencies.push(performance.now() - started);
    if (!ok) failed++;
  };
  const req = http.get(workerData.url, { agent }, (res) => {
    res.resume();
    res.on('end', () => done(res.statusCode === 200));
    res.on('error', () => done(false));
  });
  req.on('error', () => done(false));
};
const timer = setInterval(probe, workerData.everyMs);
probe();
parentPort.on('message', () => {
  stopped = true;
  clearInterval(timer);
  if (pendingSince !== undefined) latencies.push(performance.now() - pendingSince);
  agent.destroy();
  parentPort.postMessage({ latencies, failed });
});
parentPort.postMessage('ready');
`;

export async function startHealthProbe(baseUrl: string, everyMs = 50): Promise<HealthProbe> {
  const url = new URL('/liftwacht/health', baseUrl).toString();
  const worker = new Worker(probeSource, { eval: true, workerData: { url, everyMs } });
  await once(worker, 'message');
  return {
    stop: async () => {
      worker.postMessage('stop');
      const [{ latencies, failed }] = (await once(worker, 'message')) as [{ latencies: number[]; failed: number }];
      await worker.terminate();
      const sorted = latencies.sort((a, b) => a - b);
      return {
        probes: sorted.length,
        failed,
        worstMs: sorted.at(-1) ?? 0,
        p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0,
      };
    },
  };
}
