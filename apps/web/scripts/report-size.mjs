#!/usr/bin/env node
// Prints the gzipped size of what a first visit to the login route downloads (the entry chunk,
// the login route's chunk and everything they import statically, plus their CSS). Run after
// `vite build`; it reads dist/.vite/manifest.json. With --strict (as `npm test` runs it) it fails
// when the budget is exceeded; a plain build only warns, so `npm start` never breaks over it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetKb = 200;
const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const loginRouteModule = 'src/app/routes/login-route.tsx';

/** Files a chunk needs before it can run: itself, its static imports (recursively) and its CSS. */
export function collectFiles(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

function main() {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const files = collectFiles(manifest, [...entries, loginRouteModule]);

  const rows = files.map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, raw: content.length, gzip: gzipSync(content).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);

  const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(7);
  console.log('\nLogin route — what a first visit to / downloads:');
  for (const row of rows) console.log(`  ${kb(row.gzip)} kB gzip  ${kb(row.raw)} kB raw  ${row.file}`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`  ${kb(total)} kB gzip in total (budget ${budgetKb} kB; ${String(total)} bytes)\n`);

  if (total > budgetKb * 1000) {
    console.error(`The login route exceeds its budget of ${budgetKb} kB gzip.`);
    if (process.argv.includes('--strict')) process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
