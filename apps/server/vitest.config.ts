import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each file opens its own database; PGlite's first open takes seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
