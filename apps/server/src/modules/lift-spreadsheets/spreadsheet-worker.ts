// A worker thread that reads uploaded spreadsheets (spreadsheet-reader.ts) and packs and unpacks
// the stored sheet (stored-sheet.ts), so that parsing, inflating and gzip never hold the main
// thread's event loop: HTTP, /health and the embedded database (PGlite runs on the main thread)
// keep answering while a 20 MB file is read. It gives way to the main thread under CPU contention.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.ts';
import { lowerThreadPriority } from '../../lib/thread-priority.ts';
import type { FromWorker, ToWorker } from './spreadsheet-worker-protocol.ts';
import { readSpreadsheet } from './spreadsheet-reader.ts';
import { packSheet, unpackSheet } from './stored-sheet.ts';

const port = parentPort;
if (!port) throw new Error('spreadsheet-worker.ts runs as a worker thread (see spreadsheet-worker-host.ts)');
lowerThreadPriority(5);

async function run(task: ToWorker): Promise<FromWorker> {
  try {
    if (task.kind === 'unpack') return { id: task.id, ok: true, sheet: unpackSheet(task.packed), packed: null };
    const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
    const sheet = await readSpreadsheet(bytes);
    return { id: task.id, ok: true, sheet, packed: new Uint8Array(packSheet(sheet)) };
  } catch (err) {
    if (err instanceof AppError) {
      const { statusCode, code, message, field } = err;
      return { id: task.id, ok: false, refusal: { statusCode, code, message, field }, error: message };
    }
    return { id: task.id, ok: false, refusal: null, error: err instanceof Error ? err.message : String(err) };
  }
}

port.on('message', (task: ToWorker) => {
  void run(task).then((reply) => {
    port.postMessage(reply, reply.ok && reply.packed ? [reply.packed.buffer as ArrayBuffer] : []);
  });
});
