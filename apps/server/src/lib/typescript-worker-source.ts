// The code a worker thread runs (eval) to load one of our TypeScript modules when the server runs
// under tsx (tests, CLIs, `npm run dev`): the thread registers tsx's loader first, as `tsx` does for
// the main thread. The built server loads its bundles without it.

/** A JavaScript expression: a promise of the module at `entry`. */
export function importTypeScript(entry: URL): string {
  // Where this module is not run by Node's own loader (vitest), the thread resolves the name itself.
  const tsx = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
}
