import { defineConfig } from 'vitest/config';

// Every server test runs on PGlite; with TEST_DATABASE_URL set (CI) the same tests run a second
// time on a real PostgreSQL server, so both dialects are proven.
const shared = {
  include: ['src/**/*.test.ts'],
  // Each file opens its own database; PGlite's first open takes seconds.
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // One migrated database per run that each file's database is copied from.
  globalSetup: ['src/test-support/test-database-template.ts'],
};

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [
      { test: { ...shared, name: 'pglite', env: { LIFTWACHT_TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: 'postgres', env: { LIFTWACHT_TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
