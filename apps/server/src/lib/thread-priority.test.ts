import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { inWorkerThread } from '../test-support/in-worker-thread.ts';

describe.skipIf(process.platform !== 'linux')('lowerThreadPriority', () => {
  it('lowers the calling thread only, not the rest of the process', async () => {
    const before = getPriority(process.pid);
    // A worker thread lowers itself and reports its nice value as the kernel sees it: field 19 of
    // /proc/thread-self/stat (the 17th after the name in parentheses).
    const seen = await inWorkerThread<{ nice: number | null; kernel: number }>(
      new URL('./thread-priority.ts', import.meta.url),
      `const nice = mod.lowerThreadPriority(3);
       const stat = require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8');
       return { nice, kernel: Number(stat.split(') ')[1].split(' ')[16]) };`,
    );
    expect(seen.nice).toBe(Math.min(19, before + 3));
    expect(seen.kernel).toBe(seen.nice);
    expect(getPriority(process.pid)).toBe(before);
  });
});
