// The parts of an uploaded zip (an XLSX), vetted by yauzl before anything is inflated: at most
// `maxZipEntries` parts, each declaring at most `maxPartBytes` unpacked and all together at most
// `maxInflatedBytes`, none encrypted. A part is then inflated only when the reader asks for it,
// once, and yauzl's validateEntrySizes stops its stream as soon as it yields more bytes than it
// declared — so a part that lies about its size is refused while inflating, not after.
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import { inflatesTooMuch, partTooLarge, tooManyParts, unsupportedFile } from './sheet-limits.ts';

export interface ZipParts {
  /** Whether the zip has a part of that name. */
  has(name: string): boolean;
  /** The part's unpacked bytes as a stream; each part can be opened once. */
  open(name: string): Promise<Readable>;
  /** Stops every stream still open. */
  close(): void;
}

const fromBuffer = (bytes: Buffer): Promise<yauzl.ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    );
  });

export async function zipParts(bytes: Buffer): Promise<ZipParts> {
  let zip: yauzl.ZipFile;
  try {
    zip = await fromBuffer(bytes);
  } catch {
    throw unsupportedFile();
  }
  if (zip.entryCount > liftImportLimits.maxZipEntries) throw tooManyParts();
  const entries = new Map<string, yauzl.Entry>();
  let declared = 0;
  try {
    // Only the central directory is read here: names and declared sizes.
    for await (const entry of zip.eachEntry()) {
      if (entry.uncompressedSize > liftImportLimits.maxPartBytes) throw partTooLarge();
      declared += entry.uncompressedSize;
      if (declared > liftImportLimits.maxInflatedBytes) throw inflatesTooMuch();
      if (entry.isEncrypted()) throw unsupportedFile();
      entries.set(entry.fileName, entry);
    }
  } catch (err) {
    zip.close();
    if (err instanceof Error && err.name === 'AppError') throw err;
    throw unsupportedFile();
  }
  const opened = new Set<Readable>();
  return {
    has: (name) => entries.has(name),
    open: (name) => {
      const entry = entries.get(name);
      // Handed out once: no part is inflated twice.
      entries.delete(name);
      if (!entry) return Promise.reject(unsupportedFile());
      return new Promise((resolve, reject) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) {
            reject(unsupportedFile());
            return;
          }
          opened.add(stream);
          resolve(stream);
        });
      });
    },
    close: () => {
      for (const stream of opened) stream.destroy();
      zip.close();
    },
  };
}
