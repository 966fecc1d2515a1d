import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { firstVisitChunk, firstVisitGroup } from './build/first-visit-chunk.ts';
import { leanLibraries } from './build/lean-libraries.ts';

// The dev server forwards the API (and its Socket.IO upgrade) to a locally running server, so
// the SPA and the API share one origin in development just as they do behind `npm start`.
const apiProxy = {
  '/liftwacht': { target: 'http://127.0.0.1:8080', ws: true },
};

/** Pages only administrators open: Beheer (admin-routes.tsx), the lift form and import wizard. */
const adminOnlyChunk = /(admin-routes|lift-onboarding-routes)-[\w-]+\.js$/;

// Every lazy import lists the files its chunk needs, for preloading; the entry's lists are bytes
// the login route downloads (scripts/report-size.mjs keeps it under budget). A file the importing
// chunk already imports statically has been loaded by the time the import runs, so listing it
// only costs those bytes. The plugin keeps the bundle so the filter can see each chunk's imports.
let bundle: Rolldown.OutputBundle = {};
const loadedByHost = new Map<string, Set<string>>();

const keepBundle: Plugin = {
  name: 'liftwacht:keep-bundle-for-preload',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_options, output) {
      bundle = output;
      loadedByHost.clear();
    },
  },
};

/** The files a chunk imports statically, directly or through others. */
function staticallyLoaded(host: string): Set<string> {
  let loaded = loadedByHost.get(host);
  if (loaded) return loaded;
  const found = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (found.has(file) || chunk?.type !== 'chunk') return;
    found.add(file);
    chunk.imports.forEach(visit);
  };
  visit(host);
  loaded = found;
  loadedByHost.set(host, loaded);
  return loaded;
}

function preloadDependencies(fileName: string, deps: string[], { hostId }: { hostId: string }): string[] {
  // Pages only administrators open load theirs when opened.
  if (adminOnlyChunk.test(fileName)) return [];
  const loaded = staticallyLoaded(hostId);
  return deps.filter((dep) => !loaded.has(dep));
}

export default defineConfig({
  plugins: [react(), keepBundle, firstVisitChunk, leanLibraries, precompress()],
  build: {
    // scripts/report-size.mjs reads the manifest to find what the login route loads.
    manifest: true,
    target: 'es2022',
    // Every browser the portal supports has native modulepreload; the polyfill is dead weight.
    modulePreload: {
      polyfill: false,
      resolveDependencies: preloadDependencies,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page, the login page included, runs on, in one chunk: it
              // compresses ~2 kB better than the shared chunks automatic splitting cuts them into,
              // and its hash only changes with a dependency upgrade, so browsers keep it cached
              // across releases. Only libraries the login page needs whole: MUI components stay
              // split, so the login page never downloads an Autocomplete or a Dialog.
              name: 'shell-vendor',
              test: /node_modules[\\/](react|react-dom|react-is|scheduler|react-router|i18next|react-i18next|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|@mui[\\/](styled-engine|private-theming))[\\/]/,
            },
            // After shell-vendor, whose libraries stay there.
            firstVisitGroup,
            {
              // The small modules the signed-in forms share (administration dialogs, the lift
              // form and import, file downloads): split apart, each is a file name the entry lists
              // for preloading, bytes the login route downloads. Together they are one.
              name: 'app-forms',
              // Only these modules: what they import (MUI, the api-client) stays where it was.
              includeDependenciesRecursively: false,
              test: /src[\\/](components[\\/](form-dialog|select-field|organisation-choice)|lib[\\/](download-file|save-file|use-organisation-permission|use-keyed-submit)|features[\\/]lifts[\\/](api[\\/](get-lift|save-lift)|components[\\/]decommissioned-chip))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
