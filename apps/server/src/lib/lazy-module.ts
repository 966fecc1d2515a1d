// Libraries that only some requests use (PDF, spreadsheets, QR codes, SMTP) are loaded on first
// use rather than at start, where together they took about a third of a restart (npm run
// bench:start). They are CommonJS packages, so a synchronous require keeps their callers as they
// are; the first request that needs one waits for it once.
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** Loads the package `name` on the first call and hands back that same module on every call. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the package's type, which require cannot know
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
