import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards the API (and its Socket.IO upgrade) to a locally running server, so
// the SPA and the API share one origin in development just as they do behind `npm start`.
const apiProxy = {
  '/liftwacht': { target: 'http://127.0.0.1:8080', ws: true },
};

export default defineConfig({
  plugins: [react()],
  build: {
    // scripts/report-size.mjs reads the manifest to find what the login route loads.
    manifest: true,
    target: 'es2022',
    // Every browser the portal supports has native modulepreload; the polyfill is dead weight.
    modulePreload: { polyfill: false },
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
              test: /node_modules[\\/](react|react-dom|react-is|scheduler|react-router|zod|i18next|react-i18next|sonner|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|@mui[\\/](styled-engine|private-theming))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
