// Runs a snippet in a fresh worker thread with one of our TypeScript modules loaded, and resolves
// with what the snippet returns: for behaviour that differs per thread (priorities, shared memory).
import { Worker } from 'node:worker_threads';
import { importTypeScript } from '../lib/typescript-worker-source.ts';

/**
 * `body` is the body of a function of `(mod, workerData)`, `mod` the module at `moduleUrl`; its
 * return value comes back by structured clone.
 */
export function inWorkerThread<T>(moduleUrl: URL, body: string, workerData?: unknown): Promise<T> {
  const source = `const { parentPort, workerData } = require('node:worker_threads');
    ${importTypeScript(moduleUrl)}
      .then((mod) => parentPort.postMessage(((mod, workerData) => { ${body} })(mod, workerData)));`;
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData });
    worker.once('message', (value: T) => {
      resolve(value);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
