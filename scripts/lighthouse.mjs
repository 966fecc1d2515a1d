#!/usr/bin/env node
// `npm run lighthouse`: audits the login page as a first-time mobile visitor sees it. Builds the web
// app if needed and starts the real server (scripts/start.mjs) on a free port with the demo fleet
// in a data directory kept between runs (seeded once, about a minute), then
//  1. fetches what the login route downloads (the build manifest's list, as report-size.mjs counts
//     it) once per Accept-Encoding: identity, gzip, br, and prints the bytes on the wire;
//  2. runs Lighthouse's default (mobile, simulated throttling) preset on /login `--runs` times
//     (default 3) and prints each run's scores and key metrics, and the median.
// A timing on a shared VM: run it under the bench lock, `flock /tmp/liftwacht-bench.lock npm run
// lighthouse`. Lighthouse's benchmarkIndex (a CPU reference it measures itself) and the load
// average are printed beside every figure so runs on a busy machine can be told apart.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectFiles, htmlAssets } from '../apps/web/scripts/report-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'apps/web/dist');
const loginRouteModule = 'src/app/routes/login-route.tsx';
const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const runs = Math.max(1, Number(runsArg?.slice('--runs='.length) ?? 3) || 3);
// Per checkout (ignored by git): another checkout's database may have other migrations.
const dataDir = process.env.LIGHTHOUSE_DATA_DIR ?? path.join(root, 'data', 'lighthouse');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** GET with a given Accept-Encoding; the bytes as they came over the wire (not decoded). */
function rawGet(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'] ?? 'identity' }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${String(server.exitCode)}`);
    try {
      const res = await rawGet(`${base}/liftwacht/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer /liftwacht/health within 5 minutes');
}

async function loginBytes(base) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  // What index.html loads and what those chunks import, as report-size.mjs counts the budget. The
  // login route is part of the first-visit chunk (vite.config.ts); split off again, it counts.
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const loaded = htmlAssets(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const keys = loaded.flatMap((file) => (keyOfFile.has(file) ? [keyOfFile.get(file)] : []));
  if (manifest[loginRouteModule]) keys.push(loginRouteModule);
  const files = [...new Set([...loaded, ...collectFiles(manifest, keys)])].filter((f) => /\.(js|css)$/.test(f));
  // The document and the deferred script index.html loads before the app.
  const extra = ['login', 'zod-config.js'];
  console.log(`\nBytes on the wire for /login (${String(files.length)} JS/CSS files + document + zod-config.js):`);
  console.log(`  ${'accept-encoding'.padEnd(22)} ${'JS+CSS'.padStart(10)} ${'document'.padStart(10)}  served as`);
  const sums = {};
  for (const [label, header] of [
    ['(none: identity)', undefined],
    ['gzip', 'gzip'],
    ['br, gzip (browsers)', 'gzip, deflate, br, zstd'],
  ]) {
    let assets = 0;
    const encodings = new Set();
    for (const file of files) {
      const res = await rawGet(`${base}/${file}`, header);
      if (res.status !== 200) throw new Error(`GET /${file} answered ${String(res.status)}`);
      assets += res.bytes;
      encodings.add(res.encoding);
    }
    let page = 0;
    for (const file of extra) page += (await rawGet(`${base}/${file}`, header)).bytes;
    sums[label] = assets;
    console.log(
      `  ${label.padEnd(22)} ${String(assets).padStart(10)} ${String(page).padStart(10)}  ${[...encodings].join(', ')}`,
    );
  }
  const identity = sums['(none: identity)'];
  const brotli = sums['br, gzip (browsers)'];
  if (identity && brotli) console.log(`  br / identity: ${(brotli / identity).toFixed(3)}`);
}

function runLighthouse(url) {
  return new Promise((resolve, reject) => {
    const cli = path.join(root, 'node_modules/lighthouse/cli/index.js');
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--only-categories=performance,accessibility,best-practices',
        '--chrome-flags=--headless=new --no-sandbox',
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`lighthouse exited with code ${String(code)}`));
      else resolve(JSON.parse(out));
    });
  });
}

function summarise(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const transfer = (type) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    tti: metric('interactive'),
    scriptBytes: transfer('script'),
    totalBytes: transfer('total'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

function printRow(label, r) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`.padStart(7);
  console.log(
    `  ${label.padEnd(7)} perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  ` +
      `bp ${String(r.bestPractices).padStart(3)}  FCP ${s(r.fcp)}  LCP ${s(r.lcp)}  TBT ${String(Math.round(r.tbt)).padStart(4)} ms  ` +
      `CLS ${r.cls.toFixed(3)}  SI ${s(r.si)}  TTI ${s(r.tti)}  JS ${String(r.scriptBytes).padStart(7)} B  all ${String(r.totalBytes).padStart(7)} B  ` +
      `benchmarkIndex ${String(Math.round(r.benchmarkIndex))}`,
  );
}

/** Audits below a full score in the categories we care about: what to fix next. */
function printFindings(lhr) {
  const seen = new Set();
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(ref.id) || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      seen.add(ref.id);
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      console.log(`  ${id}: ${ref.id} score ${String(audit.score)}${value} — ${audit.title}`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${String(port)}`;
  console.log(`Lighthouse on ${base}/login — load average ${load()} (data ${dataDir})`);
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      MQTT_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, server);
    await loginBytes(base);
    const results = [];
    console.log(`\nLighthouse ${String(runs)} run(s), default mobile preset (simulated slow 4G, 4x CPU slowdown):`);
    let last;
    for (let run = 1; run <= runs; run++) {
      // A busy machine now and then loses the trace (NO_NAVSTART): one more try before giving up.
      last = await runLighthouse(`${base}/login`).catch((err) => {
        console.log(`  run ${String(run)} failed (${err instanceof Error ? err.message : String(err)}); trying again`);
        return runLighthouse(`${base}/login`);
      });
      const result = summarise(last);
      results.push(result);
      printRow(`run ${String(run)}`, result);
    }
    const med = Object.fromEntries(Object.keys(results[0]).map((key) => [key, median(results.map((r) => r[key]))]));
    printRow('median', med);
    console.log(`  load average after: ${load()}`);
    const reportPath = path.join(root, 'data', 'lighthouse-report.json');
    writeFileSync(reportPath, JSON.stringify(last));
    console.log(`  last report: ${reportPath} (open it in https://googlechrome.github.io/lighthouse/viewer/)`);
    console.log('\nAudits below 0.9 in the last run:');
    printFindings(last);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
