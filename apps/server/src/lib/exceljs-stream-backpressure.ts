// The one place that reaches into exceljs's (4.4) streaming writer, because it offers no
// backpressure of its own. Each worksheet writes its XML into a StreamBuf (utils/stream-buf.js)
// that hands 64 KB chunks to its zip entry without looking at write()'s answer. The entry's
// first stream is the PassThrough that archiver wraps around the StreamBuf (archiver-utils'
// normalizeInputSource: StreamBuf never runs the Duplex constructor, so it has no
// _readableState). That PassThrough is from readable-stream 2, so it has no writableNeedDrain
// (which is why checking that property never waited). When deflate falls behind, the sheet's
// whole XML queues in it: 40 MB after 90,000 rows in a probe.
// This module waits on that PassThrough's own needDrain flag and 'drain' event. It checks the
// shape it relies on and throws when that shape is gone, so an upgrade fails the tests
// (exceljs-stream-backpressure.test.ts) instead of quietly losing the bound. There is no fallback.
import { once } from 'node:events';
import type { Worksheet } from 'exceljs';

/** The zip entry a streaming worksheet writes into, seen from its first stream. */
export interface SheetZipEntry {
  /** Resolves once the entry has taken everything queued so far; rejects when `signal` aborts. */
  drained(signal: AbortSignal): Promise<void>;
  /** Bytes written by the sheet but not yet taken by the compressor (for tests and probes). */
  queuedBytes(): number;
}

interface WritableState {
  length: number;
  needDrain: boolean;
}

interface EntryInput extends NodeJS.EventEmitter {
  _writableState: WritableState;
  _readableState: { length: number };
}

interface StreamBufLike {
  pipes: unknown[];
  buffers: { length: number }[];
}

/** The zip entry of a worksheet from ExcelJS.stream.xlsx.WorkbookWriter#addWorksheet. */
export function sheetZipEntry(sheet: Worksheet): SheetZipEntry {
  const streamBuf = (sheet as unknown as { stream?: unknown }).stream;
  if (!isStreamBuf(streamBuf)) throw changed('the worksheet has no StreamBuf `stream` with `pipes` and `buffers`');
  const [input, ...more] = streamBuf.pipes;
  if (more.length > 0 || !isEntryInput(input)) {
    throw changed('the worksheet stream is not piped into exactly one readable-stream PassThrough');
  }
  return {
    async drained(signal) {
      signal.throwIfAborted();
      if (!input._writableState.needDrain) return;
      await once(input, 'drain', { signal });
    },
    queuedBytes() {
      const unpiped = streamBuf.buffers.reduce((sum, buffer) => sum + buffer.length, 0);
      return unpiped + input._writableState.length + input._readableState.length;
    },
  };
}

function isStreamBuf(value: unknown): value is StreamBufLike {
  const candidate = value as Partial<StreamBufLike> | null | undefined;
  return Array.isArray(candidate?.pipes) && Array.isArray(candidate.buffers);
}

function isEntryInput(value: unknown): value is EntryInput {
  const candidate = value as Partial<EntryInput> | null | undefined;
  const writable = candidate?._writableState;
  return (
    typeof candidate?.once === 'function' &&
    typeof writable?.length === 'number' &&
    typeof writable.needDrain === 'boolean' &&
    typeof candidate._readableState?.length === 'number'
  );
}

const changed = (what: string) =>
  new Error(`exceljs's streaming writer changed (${what}): review lib/exceljs-stream-backpressure.ts`);
