// pdfkit pushes every byte into its readable side at once and never waits for the reader. A slow
// download of a sheet of thousands of lifts would then hold the whole PDF in memory; this lets the
// drawing wait until the reader asks for more (Readable calls _read when its buffer runs low).
import type { Readable } from 'node:stream';

/**
 * A function that resolves once `stream` holds at most `limit` unread bytes: true, or false when
 * the stream was closed meanwhile (nothing more to draw).
 */
export function readableRoom(stream: Readable, limit: number): () => Promise<boolean> {
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  // pdfkit's own _read does nothing: the reader asking for data is the signal to draw on.
  stream._read = resume;
  stream.once('close', resume);
  return async () => {
    while (stream.readableLength > limit && !stream.destroyed) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    return !stream.destroyed;
  };
}
