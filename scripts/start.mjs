// `npm start`: builds the web app and the server when their builds are missing or older than their
// sources, then runs the built server (apps/server/dist/main.js, plain JavaScript) in this process,
// with source maps on so stack traces name the TypeScript files and lines.
import { pathToFileURL } from 'node:url';
import { serverEntry } from './build-server.mjs';
import { ensureBuilds } from './ensure-builds.mjs';

try {
  await ensureBuilds();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
