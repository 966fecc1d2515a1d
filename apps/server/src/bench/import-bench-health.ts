// The import bench's view of the server while it works: GET /health every 50 ms from a worker
// thread (its timers keep firing while the server's main thread is busy, so a stall is measured
// from the moment a probe was due, not from whenever the stalled loop got round to sending it),
// and the process's RSS sampled every 20 ms. Worst latency, p99 and peak RSS growth of one load.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { percentile } from './bench-support.ts';

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
  const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/liftwacht/health', agent }, (res) => {
    res.resume();
    res.on('end', () => done(res.statusCode === 200));
  });
  req.on('error', () => done(false));
};
const timer = setInterval(probe, workerData.everyMs);
parentPort.on('message', () => {
  stopped = true;
  clearInterval(timer);
  if (pendingSince !== undefined) latencies.push(performance.now() - pendingSince);
  agent.destroy();
  parentPort.postMessage({ latencies, failed });
});
parentPort.postMessage('ready');
`;

export interface LoadFigures<T> {
  result: T;
  ms: number;
  probes: number;
  failed: number;
  worstMs: number;
  p99Ms: number;
  /** Peak RSS minus the RSS when the load started. */
  rssGrowth: number;
}

/** Runs `load` with /health probed and RSS sampled beside it. */
export async function underProbe<T>(port: number, load: () => Promise<T>): Promise<LoadFigures<T>> {
  const worker = new Worker(probeSource, { eval: true, workerData: { port, everyMs: 50 } });
  await once(worker, 'message');
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const result = await load();
    const ms = performance.now() - started;
    worker.postMessage('stop');
    const [{ latencies, failed }] = (await once(worker, 'message')) as [{ latencies: number[]; failed: number }];
    const sorted = latencies.sort((a, b) => a - b);
    return {
      result,
      ms,
      probes: sorted.length,
      failed,
      worstMs: sorted.at(-1) ?? 0,
      p99Ms: percentile(sorted, 0.99),
      rssGrowth: Math.max(peak, process.memoryUsage().rss) - baseline,
    };
  } finally {
    clearInterval(sampler);
    await worker.terminate();
  }
}
