// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server in this process (TypeScript through tsx, so there is no separate server build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ['src', 'index.html', 'vite.config.ts', 'public'].map((p) => path.join(web, p));
sources.push(path.join(root, 'packages/contracts/src'));
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;

if (stale && existsSync(path.join(web, 'package.json')) && process.env.SKIP_WEB_BUILD !== '1') {
  process.stdout.write('Building the web app…\n');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
