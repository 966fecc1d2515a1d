import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

// The PostgreSQL projects run only the files that can reach a database through the test support
// (test-support/: the test database, the test app, the security world) or that name the dialect.
// The others (pure logic, PDFs, spreadsheets, PGlite's own backup) would prove nothing new a second
// time, at about 90 s of a CI run.
// (in-worker-thread.ts is test support that reaches no database.)
const reachesDatabase = /test-support\/(?!in-worker-thread)|LIFTWACHT_TEST_DB|TEST_DATABASE_URL/;
const sources = fileURLToPath(new URL('src/', import.meta.url));
const dialectFree = readdirSync(sources, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !reachesDatabase.test(readFileSync(sources + file, 'utf8')))
  .map((file) => `src/${file}`);

function dialect(name: 'pglite' | 'postgres') {
  const env = { LIFTWACHT_TEST_DB: name };
  const skip = name === 'postgres' ? dialectFree : [];
  return [
    { test: { ...shared, name, env, include, exclude: [...ownRegistry, ...skip], isolate: false } },
    {
      test: {
        ...shared,
        name: `${name}-own-registry`,
        env,
        include: ownRegistry.filter((file) => !skip.includes(file)),
        isolate: true,
      },
    },
  ];
}

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [...dialect('pglite'), ...(process.env.TEST_DATABASE_URL ? dialect('postgres') : [])],
  },
});
