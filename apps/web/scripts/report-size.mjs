#!/usr/bin/env node
// Prints the gzipped size of what a first visit to the login route downloads before the page can
// show: the scripts index.html loads and everything they import statically, plus their CSS (what
// they import dynamically — zod and the contracts, sonner, the signed-in pages — comes later or not
// at all). Run after `vite build`; it reads dist/index.html and dist/.vite/manifest.json. With
// --strict (as `npm test` runs it) it fails when the budget is exceeded; a plain build only warns,
// so `npm start` never breaks over it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 21: 150 kB gzip, in decimal kilobytes. */
const budgetBytes = 150_000;
const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const loginRouteModule = 'src/app/routes/login-route.tsx';

/** The built files index.html loads: module scripts, module preloads and style sheets. */
export function htmlAssets(html) {
  const found = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /\btype="module"/.test(tag) || /\brel="(modulepreload|stylesheet)"/.test(tag);
    const url = /\b(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    if (isModule && url?.startsWith('assets/')) found.push(url);
  }
  return found;
}

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
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const loaded = htmlAssets(readFileSync(join(distDir, 'index.html'), 'utf8'));
  const keys = loaded.flatMap((file) => (keyOfFile.has(file) ? [keyOfFile.get(file)] : []));
  // The login route is part of the first-visit chunk (vite.config.ts); split off again, it counts.
  if (manifest[loginRouteModule]) keys.push(loginRouteModule);
  const files = new Set([...loaded, ...collectFiles(manifest, keys)]);

  const rows = [...files].map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, raw: content.length, gzip: gzipSync(content).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);

  const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(7);
  console.log('\nLogin route — what a first visit to / downloads:');
  for (const row of rows) console.log(`  ${kb(row.gzip)} kB gzip  ${kb(row.raw)} kB raw  ${row.file}`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(
    `  ${kb(total)} kB gzip in total (budget ${kb(budgetBytes).trim()} kB; ${String(total)} of ${String(budgetBytes)} bytes)\n`,
  );

  if (total > budgetBytes) {
    console.error(`The login route exceeds its budget of ${String(budgetBytes)} bytes gzip.`);
    if (process.argv.includes('--strict')) process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
