import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const linux = process.platform === 'linux';

describe.skipIf(!linux)('lowerThreadPriority', () => {
  it('lowers the calling thread only, not the rest of the process', async () => {
    const before = getPriority(process.pid);
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./thread-priority.ts', import.meta.url).href;
    // A worker thread lowers itself and reports its nice value as the kernel sees it.
    const seen = await new Promise<{ nice: number | null; kernel: number }>((resolve, reject) => {
      const worker = new Worker(
        `const { parentPort } = require('node:worker_threads');
         const { readFileSync } = require('node:fs');
         import(${JSON.stringify(tsx)})
           .then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })
           .then(({ lowerThreadPriority }) => {
             const nice = lowerThreadPriority(3);
             // Field 19 of /proc/thread-self/stat is the nice value (after the name in parentheses).
             const kernel = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
             parentPort.postMessage({ nice, kernel });
           });`,
        { eval: true },
      );
      worker.once('message', (value: { nice: number | null; kernel: number }) => {
        resolve(value);
        void worker.terminate();
      });
      worker.once('error', reject);
    });
    expect(seen.nice).toBe(Math.min(19, before + 3));
    expect(seen.kernel).toBe(seen.nice);
    expect(getPriority(process.pid)).toBe(before);
  });
});
