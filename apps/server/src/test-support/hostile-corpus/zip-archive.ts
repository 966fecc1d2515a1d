// A small ZIP writer for the hostile corpus. A library (yazl, archiver) would write honest
// archives only; an attacker's archive may declare a size its entry does not have, so the corpus
// writes its own: deflate (node:zlib) and CRC-32 of each entry, local headers, a central
// directory. Entries are compressed as they are generated, so a part that inflates to hundreds of
// MiB never exists uncompressed in the writer's memory.
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Raw deflate data (one or more chunks) of the entry. */
  compressed: Buffer[];
  crc32: number;
  size: number;
  /** The uncompressed size the headers claim; the true size when not set. */
  declaredSize?: number;
}

/** An entry from text or bytes, deflated as the chunks come (a generator keeps memory flat). */
export async function deflatedEntry(name: string, chunks: Iterable<string | Buffer>): Promise<ZipEntry> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (bytes.length === 0) continue;
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { name, compressed, crc32: crc, size };
}

/** A small entry deflated at once (thousands of them take milliseconds, not a stream each). */
export function smallEntry(name: string, text: string): ZipEntry {
  const bytes = Buffer.from(text, 'utf8');
  return {
    name,
    compressed: [zlib.deflateRawSync(bytes)],
    crc32: bytes.length > 0 ? zlib.crc32(bytes) : 0,
    size: bytes.length,
  };
}

const mebibyte = 1024 * 1024;
const fullFlush = { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH };

/**
 * An entry of `bytes` repetitions of one byte (zeros by default, or spaces inside XML) between an
 * optional head and tail, made without deflating them all: one mebibyte of the byte is deflated
 * once with a full flush (which resets the compressor, so the same bytes follow any segment),
 * repeated, and the tail closes the stream. About 1,000 : 1.
 */
export function repeatedByteEntry(
  name: string,
  bytes: number,
  options: { byte?: number; head?: string; tail?: string } = {},
): ZipEntry {
  const head = Buffer.from(options.head ?? '', 'utf8');
  const tail = Buffer.from(options.tail ?? '', 'utf8');
  const whole = Math.floor(bytes / mebibyte);
  const rest = bytes % mebibyte;
  const filler = Buffer.alloc(mebibyte, options.byte ?? 0);
  const segment = zlib.deflateRawSync(filler, fullFlush);
  const compressed: Buffer[] = [];
  if (head.length > 0) compressed.push(zlib.deflateRawSync(head, fullFlush));
  for (let i = 0; i < whole; i++) compressed.push(segment);
  if (rest > 0) compressed.push(zlib.deflateRawSync(filler.subarray(0, rest), fullFlush));
  compressed.push(zlib.deflateRawSync(tail)); // ends with the final block
  // zlib.crc32 of an empty buffer answers 0 whatever the running value (Node 20): only non-empty parts.
  let crc = head.length > 0 ? zlib.crc32(head) : 0;
  for (let i = 0; i < whole; i++) crc = zlib.crc32(filler, crc);
  if (rest > 0) crc = zlib.crc32(filler.subarray(0, rest), crc);
  if (tail.length > 0) crc = zlib.crc32(tail, crc);
  return { name, compressed, crc32: crc, size: head.length + bytes + tail.length };
}

/** An entry of `bytes` zero bytes (a part nobody should read, such as a picture). */
export const zerosEntry = (name: string, bytes: number) => repeatedByteEntry(name, bytes);

const dosTime = 0; // 00:00:00
const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1; // 2026-01-01

/** The archive's bytes: every entry with its local header, then the central directory. */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressedSize = entry.compressed.reduce((sum, chunk) => sum + chunk.length, 0);
    const size = entry.declaredSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(compressedSize, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, ...entry.compressed);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(dosTime, 12);
    header.writeUInt16LE(dosDate, 14);
    header.writeUInt32LE(entry.crc32 >>> 0, 16);
    header.writeUInt32LE(compressedSize, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + compressedSize;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
