// Lowers the scheduling priority of the calling thread alone. On Linux the nice value belongs to a
// thread, and setpriority() with a thread id changes only that thread; Node has no call for a
// thread's id, so it comes from /proc/thread-self. Raising a nice value needs no privilege (lowering
// it again does), so this only ever gives way. Threads the calling thread starts afterwards inherit
// the value; libuv's shared thread pool is started earlier, by the main thread's first file read.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** This thread's id (Linux), or null where /proc/thread-self does not exist. */
function currentThreadId(): number | null {
  try {
    // "<pid>/task/<tid>"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Adds `by` (1–19) to the calling thread's nice value, so under CPU contention the process's other
 * threads run first. Returns the new nice value, or null where a thread's priority cannot be set.
 */
export function lowerThreadPriority(by: number): number | null {
  const tid = currentThreadId();
  if (tid === null || by <= 0) return null;
  try {
    setPriority(tid, Math.min(19, getPriority(tid) + by));
    return getPriority(tid);
  } catch {
    // A sandbox may refuse setpriority(); the thread then runs at the process's priority.
    return null;
  }
}
