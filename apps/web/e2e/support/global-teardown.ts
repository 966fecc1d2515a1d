import { rmSync } from 'node:fs';

/** Removes this run's data directory (database, outbox). */
export default function globalTeardown(): void {
  const dataDir = process.env.LIFTWACHT_E2E_DATA_DIR;
  if (!dataDir) return;
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch {
    // The server may still hold a file open; the OS cleans the temp directory eventually.
  }
}
