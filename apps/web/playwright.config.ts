import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eMqttPort, e2ePort as port } from './e2e/support/ports.ts';

// One fresh data directory per run, so every run starts from the seeded demo fleet. The config is
// evaluated again in each worker: the environment variable carries the runner's choice over.
process.env.LIFTWACHT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'liftwacht-e2e-'));
const dataDir = process.env.LIFTWACHT_E2E_DATA_DIR;

// Chromium's headless shell when installed (.ci/run installs it): the same engine without the full
// browser's headless mode, ~25 % less CPU for the same flows (19 flows: 196-210 machine CPU-s with
// /usr/bin/chromium, 150-156 with the shell, same hour). E2E_BROWSER names another binary.
const browser =
  process.env.E2E_BROWSER ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/support/global-teardown.ts',
  // The flows share one server and one database; they run one after the other.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // `npm test` runs the flows beside the server's tests and lint, and the flows that claim a time
  // limit (tagged @timed, e2e/support/timed.ts) alone after them: `--project flows`, then
  // `--project timed`. Without --project both run, one after the other.
  projects: [
    { name: 'flows', grepInvert: /@timed/ },
    { name: 'timed', grep: /@timed/ },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // Toasts (sonner) then come and go without a fade. A fade starting on the toast's own timer
    // while axe measures (after the flow's animations have finished) left its text translucent,
    // which axe reports as too little contrast.
    reducedMotion: 'reduce',
    // A failed flow keeps a trace with DOM snapshots of every step. Not the screencast: its frames
    // cost ~20 % of the flows' CPU (16 flows: 186-193 CPU-s with it, 155 without, on 2 cores).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: browser,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // npm start: builds the web app and the server when stale, then runs the built server.
    command: 'node scripts/start.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/liftwacht/health`,
    // A fresh data directory is seeded with the demo fleet first (seconds on an idle machine, more
    // on a busy one; builds when stale add to that).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      // Not 1883, which another server on this machine may hold; the realtime flows publish here.
      MQTT_PORT: String(e2eMqttPort),
      // Every flow logs in; the default of 10 per 15 minutes per username would trip the suite.
      LOGIN_RATE_LIMIT_PER_USERNAME: '1000',
      // Every flow comes from the same loopback address.
      LOGIN_RATE_LIMIT_PER_IP: '1000',
    },
  },
});
