// One process at a time may open the PGlite database in a data folder: two would write the same
// files without knowing of each other and corrupt them. PGlite's own postmaster.pid names no real
// process, so the opener leaves its process id in DATA_DIR/pglite.lock until it closes. A lock
// whose process is gone (a crash, a kill -9) is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Lock files this process holds: a second open within one process is as harmful as another process. */
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data folder's lock; throws DataDirInUseError while another live process holds it. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${String(process.pid)}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      const inUse = holder === process.pid ? heldHere.has(file) : Number.isInteger(holder) && alive(holder);
      if (inUse) {
        throw new DataDirInUseError(
          `the database in ${dataDir} is in use by process ${String(holder)} (a running Liftwacht server or ` +
            `command); stop it first (${file} names it)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  heldHere.add(file);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    rmSync(file, { force: true });
  };
}
