// One place for diagnostics the spec says are "only logged" (cancelled requests, failed
// organisation loads, ...), so they are easy to find and to silence in tests.
const prefix = '[liftwacht]';

export const log = {
  info: (...args: unknown[]): void => console.info(prefix, ...args),
  warn: (...args: unknown[]): void => console.warn(prefix, ...args),
  error: (...args: unknown[]): void => console.error(prefix, ...args),
};
