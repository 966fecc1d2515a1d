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
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
