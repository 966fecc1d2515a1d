// A QR code drawn as vector rectangles, so it stays sharp at any print resolution and costs a few
// hundred bytes per label instead of an embedded image. Dark modules of a row are merged into one
// rectangle per run, which keeps the page content (and a sheet of thousands of lifts) small.
import type * as QRCode from 'qrcode';
import { lazyModule } from '../../lib/lazy-module.ts';

// Loaded on first use (lib/lazy-module.ts): most starts draw no sticker.
const qrCode = lazyModule<typeof QRCode>('qrcode');

/** Modules of light margin around the code; the standard asks for 4, the label padding adds the rest. */
const quietModules = 2;

export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  // M (15 % recovery) survives a scratched or dirty sticker in a machine room.
  const { modules } = qrCode().create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const unit = size / (count + 2 * quietModules);
  const origin = { x: x + quietModules * unit, y: y + quietModules * unit };
  doc.save();
  for (let row = 0; row < count; row++) {
    let run = 0;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && modules.get(row, col) === 1;
      if (dark) run++;
      else if (run > 0) {
        doc.rect(origin.x + (col - run) * unit, origin.y + row * unit, run * unit, unit);
        run = 0;
      }
    }
  }
  doc.fillColor('#000000').fill();
  doc.restore();
}
