// Test helpers that read a sticker sheet back the way a person and a phone do: its text through
// pdftotext, its QR codes by rendering a page (pdftoppm, grey) and decoding a label's code (jsQR).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';

export const popplerMissing = spawnSync('pdftotext', ['-v']).error !== undefined;

const dpi = 150;
const label = { width: (70 / 25.4) * dpi, height: (42.3 / 25.4) * dpi, columns: 3 };

function withPdfFile<T>(pdf: Buffer, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-stickers-'));
  try {
    const file = path.join(dir, 'stickers.pdf');
    writeFileSync(file, pdf);
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfText(pdf: Buffer): string {
  return withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
}

export function pdfPageCount(pdf: Buffer): number {
  const info = withPdfFile(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

/** The text of the QR code on label `slot` (0 = top left, row by row) of page `page` (1-based). */
export function decodeLabelQr(pdf: Buffer, page: number, slot: number): string | undefined {
  const pgm = withPdfFile(pdf, (file, dir) => {
    const out = path.join(dir, 'page');
    const p = String(page);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', p, '-l', p, '-singlefile', file, out]);
    return readFileSync(`${out}.pgm`);
  });
  const image = readPgm(pgm);
  const left = Math.round((slot % label.columns) * label.width);
  const top = Math.round(Math.floor(slot / label.columns) * label.height);
  const width = Math.floor(label.width);
  const height = Math.floor(label.height);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grey = image.pixels[(top + y) * image.width + left + x] ?? 255;
      rgba.set([grey, grey, grey, 255], (y * width + x) * 4);
    }
  }
  return jsQR(rgba, width, height)?.data;
}

/** A binary PGM (P5, 8 bit) as pdftoppm -gray writes it. */
function readPgm(file: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header?.[1] || !header[2]) throw new Error('not an 8-bit binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: file.subarray(header[0].length) };
}
