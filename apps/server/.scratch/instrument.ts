import { IngestRepository } from '../src/modules/ingest/ingest.repository.ts';
const timings: Record<string, { n: number; ms: number }> = {};
for (const name of Object.getOwnPropertyNames(IngestRepository.prototype)) {
  if (name === 'constructor') continue;
  const orig = (IngestRepository.prototype as any)[name];
  (IngestRepository.prototype as any)[name] = async function (...a: any[]) { const t = performance.now(); try { return await orig.apply(this, a); } finally { const e = (timings[name] ??= { n: 0, ms: 0 }); e.n++; e.ms += performance.now() - t; } };
}
process.on('exit', () => { for (const [k, v] of Object.entries(timings)) console.log(k.padEnd(16), v.n, 'calls', (v.ms / v.n).toFixed(1), 'ms avg', v.ms.toFixed(0), 'ms total'); });
