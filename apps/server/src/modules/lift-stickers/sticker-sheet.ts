// The sticker sheet: A4 in a 3 × 7 grid of 70 × 42.3 mm labels without margins (the common
// "Avery 3475" sheet, and plain paper cut along the faint frames). Each label: lift name, address,
// SBCL id, the QR code and its URL in small print. Pages are drawn while the lifts arrive batch by
// batch, so a fleet of thousands of lifts streams out without the whole document in memory.
import type PDFDocument from 'pdfkit';
import type { Locale } from '@liftwacht/contracts/auth';
import type { Lift } from '@liftwacht/contracts/lifts';
import { interpolate, type catalogue } from '../../lib/server-i18n.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { reportFontFaces, reportFonts, type ReportFont } from '../reports/report-fonts.ts';
import { drawQrCode } from './qr-code-drawing.ts';
import { readableRoom } from './readable-room.ts';

// Loaded on first use (lib/lazy-module.ts), like the fonts: most starts draw no PDF.
const pdfDocument = lazyModule<typeof PDFDocument>('pdfkit');

export type StickerTexts = ReturnType<typeof catalogue>['lift-stickers'];

const mm = 72 / 25.4;
const grid = { columns: 3, rows: 7, width: 70 * mm, height: 42.3 * mm };
const pad = 3 * mm;
const qrSize = 30 * mm;
const perPage = grid.columns * grid.rows;
/** Unread PDF bytes the drawing runs ahead of the download: a few pages. */
const bufferLimit = 512 * 1024;
const colours = { text: '#1F2933', muted: '#5F6B76', frame: '#D5DDE3' } as const;

export interface StickerSheetInput {
  texts: StickerTexts;
  locale: Locale;
  createdAt: Date;
  lifts: AsyncIterable<Lift[]>;
  urlOf: (liftId: number) => string;
}

/** The PDF as a stream; it ends after the last lift, or is destroyed with the error of a failed batch. */
export function renderStickerSheet(input: StickerSheetInput): PDFKit.PDFDocument {
  const doc = new (pdfDocument())({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang: input.locale === 'nl' ? 'nl-NL' : input.locale,
    info: {
      Title: input.texts.title,
      Subject: input.texts.subject,
      Creator: 'Liftwacht',
      CreationDate: input.createdAt,
    },
  });
  const faces = reportFontFaces();
  // pdfkit takes a parsed fontkit font at run time; its typings only list file sources.
  for (const name of Object.keys(reportFonts) as ReportFont[]) doc.registerFont(name, faces[name] as never);
  void fill(doc, input).then(
    () => doc.end(),
    (err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return doc;
}

async function fill(doc: PDFKit.PDFDocument, input: StickerSheetInput): Promise<void> {
  const room = readableRoom(doc, bufferLimit);
  let index = 0;
  for await (const batch of input.lifts) {
    if (doc.destroyed) return; // the client went away: stop reading lifts
    for (const lift of batch) {
      if (index % perPage === 0) {
        if (!(await room())) return; // the client went away while the sheet waited
        doc.addPage();
      }
      const slot = index % perPage;
      const x = (slot % grid.columns) * grid.width;
      const y = Math.floor(slot / grid.columns) * grid.height;
      drawLabel(doc, input, lift, x, y);
      index++;
    }
  }
  if (index === 0) {
    doc.addPage();
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(colours.text)
      .text(input.texts.empty, 20 * mm, 20 * mm);
  }
}

function drawLabel(doc: PDFKit.PDFDocument, input: StickerSheetInput, lift: Lift, x: number, y: number): void {
  const { texts } = input;
  const url = input.urlOf(lift.id);
  doc
    .save()
    .lineWidth(0.4)
    .strokeColor(colours.frame)
    .rect(x + 0.5, y + 0.5, grid.width - 1, grid.height - 1)
    .stroke();
  doc.restore();
  drawQrCode(doc, url, x + grid.width - pad - qrSize, y + pad, qrSize);

  const textX = x + pad;
  const textWidth = grid.width - 3 * pad - qrSize;
  const name = nonBlank(lift.details.liftname) ?? interpolate(texts.unnamed, { id: String(lift.id) });
  const address = [lift.details.address, [lift.details.postalCode, lift.details.city].filter(Boolean).join(' ')]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const sbclId = nonBlank(lift.details.sbclId);

  const write = (text: string, font: ReportFont, size: number, colour: string, lines: number) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(colour)
      .text(text, textX, doc.y, { width: textWidth, height: lines * size * 1.2, ellipsis: true, lineGap: 0 });
  doc.y = y + pad;
  write(name, 'condensedBold', 10, colours.text, 3);
  doc.y += 2;
  if (address) write(address, 'condensed', 8, colours.text, 3);
  doc.y += 2;
  write(sbclId ? interpolate(texts.sbclId, { id: sbclId }) : texts.noSbclId, 'condensed', 8, colours.muted, 1);

  // The URL under the code, full label width: readable for a phone that cannot scan.
  doc
    .font('condensed')
    .fontSize(5.5)
    .fillColor(colours.muted)
    .text(url, textX, y + grid.height - pad - 7, {
      width: grid.width - 2 * pad,
      height: 7,
      lineBreak: false,
      ellipsis: true,
    });
}

function nonBlank(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === '' ? undefined : trimmed;
}
