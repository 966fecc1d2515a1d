// What a first visit runs before the login page shows, in one chunk ("start"): the entry and the
// login route with everything they import. Split along the shared-module lines automatic splitting
// draws (every MUI component the signed-in pages share gets its own file), the same code took 25
// files and ~5 kB gzip more (scripts/report-size.mjs keeps it under budget). Signed-in pages import
// what they share from it. The entry module is in it too, so index.html loads the chunks itself and
// the build manifest has no entry for index.html (report-size.mjs reads dist/index.html).
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

const roots = ['../src/main.tsx', '../src/app/routes/login-route.tsx'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);

// Index files that re-export a whole package: following them would put every module they name
// (Grid, Stack, useMediaQuery, …) into the chunk, not only the ones the login page runs.
const packageIndex = /[\\/]@mui[\\/](system|material[\\/](styles|utils))[\\/]index\.mjs$/;

let modules: Set<string> | undefined;

function firstVisitModules(context: Rolldown.ChunkingContext): Set<string> {
  if (modules) return modules;
  const found = new Set<string>();
  const visit = (id: string) => {
    const info = found.has(id) ? null : context.getModuleInfo(id);
    if (!info) return;
    found.add(id);
    if (!packageIndex.test(id)) info.importedIds.forEach(visit);
  };
  roots.forEach(visit);
  modules = found;
  return found;
}

/** A code-splitting group; after any group whose modules should stay where that group puts them. */
export const firstVisitGroup: Rolldown.CodeSplittingGroup = {
  debugName: 'start',
  name: (id, context) => (firstVisitModules(context).has(id) ? 'start' : null),
};

/** Forgets the modules of the previous build (watch mode). */
export const firstVisitChunk: Plugin = {
  name: 'liftwacht:first-visit-chunk',
  apply: 'build',
  buildStart() {
    modules = undefined;
  },
};
