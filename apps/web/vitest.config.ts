import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Files that mock a module (vi.mock) need a module registry of their own. Every other file shares
// its worker's registry and document (isolate: false): jsdom, React, MUI and the translations load
// once per worker instead of once per file. What a file leaves behind (its document, its styles,
// the mounted Toaster) is cleared after it in src/test/setup.ts.
const ownRegistry = [
  'src/components/error-fallbacks.test.tsx',
  'src/lib/realtime/hooks/use-lift-realtime.test.tsx',
  'src/lib/realtime/hooks/use-refetch-on-organisation-change.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
    // The projects below inherit the options above (extends: true).
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
          exclude: ownRegistry,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-own-registry', include: ownRegistry, isolate: true } },
      // The repository's own scripts (npm test's runner): the root has no test runner of its own.
      { test: { name: 'repo-scripts', root: '../..', include: ['scripts/*.test.mjs'], environment: 'node' } },
    ],
  },
});
