// Builds the server into apps/server/dist: one ESM bundle per entry (main.js, ingest-worker.js for
// the ingest thread and spreadsheet-worker.js for the threads that read imports), with source maps, a copy of the migrations and an empty migrated PGlite
// database for new data folders (database-template.tar.gz). Packages stay external
// and resolve from node_modules at run time, except @liftwacht/contracts, which is TypeScript
// source and is bundled. `node scripts/build-server.mjs` builds; start.mjs imports it to build
// when the bundle is missing or older than its sources.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const contractsSource = path.join(root, 'packages/contracts/src');
export const serverDist = path.join(server, 'dist');
export const serverEntry = path.join(serverDist, 'main.js');
// The server's packages, resolved as the server resolves them.
const requireFromServer = createRequire(path.join(server, 'package.json'));

// What the bundle is made of: a change to any of them makes it stale.
const sources = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  contractsSource,
  fileURLToPath(import.meta.url),
];

export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function serverBuildIsStale() {
  return !existsSync(serverEntry) || Math.max(...sources.map(newestMtime)) > statSync(serverEntry).mtimeMs;
}

/** Resolves `@liftwacht/contracts/<name>` to its TypeScript source, as the package's exports map does. */
const bundleContracts = {
  name: 'bundle-contracts',
  setup(build) {
    build.onResolve({ filter: /^@liftwacht\/contracts\/[\w-]+$/ }, (args) => ({
      path: path.join(contractsSource, `${args.path.slice('@liftwacht/contracts/'.length)}.ts`),
    }));
  },
};

/** Writes through a temporary file and a rename, so a reader sees the old file or the new one. */
function writeAtomically(target, contents) {
  mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.${String(process.pid)}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, target);
}

function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * A server starting meanwhile (the browser flows start several) must never load half a bundle:
 * every file is replaced whole, and main.js comes last, since its time stamp marks the build fresh.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [
      path.join(server, 'src/main.ts'),
      path.join(server, 'src/modules/ingest/ingest-worker.ts'),
      path.join(server, 'src/modules/lift-spreadsheets/spreadsheet-worker.ts'),
    ],
    entryNames: '[name]',
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    plugins: [bundleContracts],
    // Stack traces name the .ts files and lines when node runs with source maps enabled.
    sourcemap: 'linked',
    // Function and class names stay as written: logs and errors name them.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  const written = new Set();
  // database.ts finds the migrations beside itself, i.e. beside the bundle.
  const migrations = path.join(server, 'src/db/migrations');
  for (const file of filesUnder(migrations)) {
    const target = path.join(serverDist, 'migrations', path.relative(migrations, file));
    writeAtomically(target, readFileSync(file));
    written.add(target);
  }
  written.add(await buildDatabaseTemplate(migrations));
  written.add(templateKeyFile);
  const outputs = [...result.outputFiles].sort(
    (a, b) => Number(a.path === serverEntry) - Number(b.path === serverEntry),
  );
  for (const file of outputs) {
    writeAtomically(file.path, file.contents);
    written.add(file.path);
  }
  // Leftovers of earlier builds (a renumbered migration, a renamed entry).
  for (const file of filesUnder(serverDist)) if (!written.has(file)) rmSync(file);
}

const templateFile = path.join(serverDist, 'database-template.tar.gz');
const templateKeyFile = `${templateFile}.key`;

/** The version of a package the server would load (its package.json need not be exported). */
function installedVersion(name) {
  let folder = path.dirname(requireFromServer.resolve(name));
  for (;;) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name: found, version } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (found === name) return version;
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`no package.json of ${name}`);
    folder = parent;
  }
}

/**
 * An empty PGlite database with every migration applied, as a tarball beside the bundle: the
 * server starts a new data folder from a copy of it (db/database.ts) instead of running initdb and
 * the migrations, which is most of a first start. Made again only when the migrations or PGlite
 * change, since it takes seconds.
 */
async function buildDatabaseTemplate(migrations) {
  const hash = createHash('sha256');
  for (const name of ['@electric-sql/pglite', 'drizzle-orm']) hash.update(`${name}@${installedVersion(name)}\n`);
  for (const file of filesUnder(migrations).sort())
    hash.update(`${path.relative(migrations, file)}\n`).update(readFileSync(file));
  const key = hash.digest('hex');
  if (existsSync(templateFile) && existsSync(templateKeyFile) && readFileSync(templateKeyFile, 'utf8') === key) {
    return templateFile;
  }
  const { PGlite } = await import(pathToFileURL(requireFromServer.resolve('@electric-sql/pglite')).href);
  const { drizzle } = await import(pathToFileURL(requireFromServer.resolve('drizzle-orm/pglite')).href);
  const { migrate } = await import(pathToFileURL(requireFromServer.resolve('drizzle-orm/pglite/migrator')).href);
  // The extensions db/pglite-extensions.ts names: the migrations create them.
  const { pg_trgm } = await import(
    pathToFileURL(requireFromServer.resolve('@electric-sql/pglite/contrib/pg_trgm')).href
  );
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await client.waitReady;
    // As db/database.ts migrates: in a UTC session.
    await client.exec("set timezone = 'UTC'");
    await migrate(drizzle(client), { migrationsFolder: migrations });
    const tarball = await client.dumpDataDir('gzip');
    writeAtomically(templateFile, Buffer.from(await tarball.arrayBuffer()));
    writeAtomically(templateKeyFile, key);
  } finally {
    await client.close();
  }
  return templateFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  process.stdout.write(
    `Built the server into ${path.relative(root, serverDist)} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
