// Builds the web app and the server when their builds are missing or older than their sources,
// both at once. `npm start` and `npm run bench:start` call it before they run the server.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, newestMtime, serverBuildIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const webBuilt = path.join(web, 'dist/index.html');

function webBuildIsStale() {
  const sources = ['src', 'index.html', 'vite.config.ts', 'public'].map((p) => path.join(web, p));
  sources.push(path.join(root, 'packages/contracts/src'));
  return !existsSync(webBuilt) || Math.max(...sources.map(newestMtime)) > statSync(webBuilt).mtimeMs;
}

function buildWeb() {
  process.stdout.write('Building the web app…\n');
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`the web build failed (exit code ${String(code)})`));
    });
  });
}

async function buildServerLogged() {
  process.stdout.write('Building the server…\n');
  await buildServer();
}

/**
 * SKIP_WEB_BUILD=1 leaves the web app as it is (a server that serves no web app, or one built
 * elsewhere). Throws when a build fails.
 */
export async function ensureBuilds() {
  const builds = [];
  const hasWeb = existsSync(path.join(web, 'package.json')) && process.env.SKIP_WEB_BUILD !== '1';
  if (hasWeb && webBuildIsStale()) builds.push(buildWeb());
  if (serverBuildIsStale()) builds.push(buildServerLogged());
  const failure = (await Promise.allSettled(builds)).find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}
