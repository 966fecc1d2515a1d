import { defineConfig } from 'vitest/config';

// Every server test runs on PGlite; with TEST_DATABASE_URL set (CI) the same tests run a second
// time on a real PostgreSQL server, so both dialects are proven.
const include = ['src/**/*.test.ts'];
const shared = {
  // Each file opens its own database; PGlite's first open takes seconds.
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // One migrated database per run that each file's database is copied from.
  globalSetup: ['src/test-support/test-database-template.ts'],
};

// Files that need a module registry of their own: a vi.mock replaces a module for one file only,
// and the compiler check asks which modules a fresh app has loaded. Every other file shares its
// worker's registry (isolate: false): each file still opens its own database and app, but the
// server's modules and PGlite's WebAssembly are loaded once per worker instead of once per file,
// which halved the suite's CPU time (npm test runs on two cores).
const ownRegistry = ['src/plugins/zod-compilers.test.ts', 'src/modules/lift-spreadsheets/spreadsheet-writers.test.ts'];

function dialect(name: 'pglite' | 'postgres') {
  const env = { LIFTWACHT_TEST_DB: name };
  return [
    { test: { ...shared, name, env, include, exclude: ownRegistry, isolate: false } },
    { test: { ...shared, name: `${name}-own-registry`, env, include: ownRegistry, isolate: true } },
  ];
}

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [...dialect('pglite'), ...(process.env.TEST_DATABASE_URL ? dialect('postgres') : [])],
  },
});
