// The messages between the main thread (spreadsheet-worker-host.ts) and a spreadsheet worker
// (spreadsheet-worker.ts). Bytes travel as transferred ArrayBuffers, the sheet as a structured clone.
import type { ErrorCode } from '@liftwacht/contracts/common';
import type { Sheet } from './spreadsheet-reader.ts';

export type WorkerTask = { kind: 'read'; bytes: Uint8Array } | { kind: 'unpack'; packed: Uint8Array };

export type ToWorker = WorkerTask & { id: number };

/** An AppError, as plain data. */
export interface WorkerRefusal {
  statusCode: number;
  code: ErrorCode;
  message: string;
  field?: string;
}

export type FromWorker =
  | { id: number; ok: true; sheet: Sheet; packed: Uint8Array | null }
  | { id: number; ok: false; refusal: WorkerRefusal | null; error: string };
