// A table that flows over as many pages as it needs, repeating its header row on every page, with
// a second muted line per cell (an address under a lift name) and an optional colour marker.
import { turnGiver } from '../../lib/heavy-reads.ts';
import { colours, ensureSpace, type ReportContext } from './report-document.ts';
import type { ReportFont } from './report-fonts.ts';

export interface TableCell {
  text: string;
  /** A second, smaller line under the text. */
  detail?: string | undefined;
  /** A small coloured dot before the text (availability brackets). */
  marker?: string | undefined;
  bold?: boolean | undefined;
  colour?: string | undefined;
}

export interface TableColumn<Row> {
  header: string;
  /**
   * 'fit': as wide as its widest cell or longest header word, so no word ever breaks (numbers,
   * dates). 'fill': shares what the fitted columns leave (names and addresses, which may wrap).
   */
  width: 'fit' | 'fill';
  align?: 'left' | 'right' | undefined;
  cell(row: Row): TableCell;
}

const style = {
  size: 8.5,
  detailSize: 7.5,
  headerSize: 7.5,
  padX: 4,
  padY: 4,
  markerRadius: 2.6,
} as const;

/**
 * Draws the table from the current position. A table of 1,000 lifts is ~200 ms of drawing: the
 * rows give the event loop a turn every 20 ms, so other requests are answered meanwhile.
 */
export async function drawTable<Row>(
  ctx: ReportContext,
  columns: TableColumn<Row>[],
  rows: readonly Row[],
  options: { footer?: Row } = {},
): Promise<void> {
  const { doc } = ctx;
  const text = textMeasure(ctx);
  const all = options.footer === undefined ? rows : [...rows, options.footer];
  const cells = all.map((row) => columns.map((c) => c.cell(row)));
  const footerIndex = options.footer === undefined ? -1 : rows.length;
  const widths = columnWidths(text, columns, cells, ctx.width, footerIndex);
  const xs = widths.map((_, i) => ctx.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const inner = (i: number) => (widths[i] ?? 0) - 2 * style.padX;
  const markerSpace = 3 * style.markerRadius;

  const headerHeight =
    Math.max(
      ...columns.map((c, i) => {
        doc.font('condensedBold').fontSize(style.headerSize);
        return doc.heightOfString(c.header, { width: inner(i) });
      }),
    ) +
    2 * style.padY;

  const drawHeader = () => {
    const y = doc.y;
    doc.rect(ctx.left, y, ctx.width, headerHeight).fill(colours.accentLight);
    doc.font('condensedBold').fontSize(style.headerSize).fillColor(colours.accent);
    columns.forEach((c, i) => {
      doc.text(c.header, (xs[i] ?? 0) + style.padX, y + style.padY, { width: inner(i), align: c.align ?? 'left' });
    });
    doc
      .moveTo(ctx.left, y + headerHeight)
      .lineTo(ctx.right, y + headerHeight)
      .lineWidth(0.8)
      .strokeColor(colours.accent)
      .stroke();
    doc.y = y + headerHeight;
  };

  // Most cells are one line: only text wider than its column goes through pdfkit's line
  // wrapper, which is what makes a 1,000-lift table fast enough.
  const fits = (font: ReportFont, size: number, value: string, width: number) => text.width(font, size, value) <= width;
  const cellHeight = (cell: TableCell, i: number, font: ReportFont) => {
    const width = inner(i) - (cell.marker ? markerSpace : 0);
    const main = fits(font, style.size, cell.text, width)
      ? text.lineHeight(font, style.size)
      : text.height(font, style.size, cell.text, width);
    if (!cell.detail) return main;
    return (
      main +
      (fits('condensed', style.detailSize, cell.detail, width)
        ? text.lineHeight('condensed', style.detailSize)
        : text.height('condensed', style.detailSize, cell.detail, width))
    );
  };
  const fontOf = (cell: TableCell, isFooter: boolean): ReportFont =>
    cell.bold || isFooter ? 'condensedBold' : 'condensed';
  const rowHeight = (rowCells: TableCell[], isFooter: boolean) =>
    Math.max(...rowCells.map((cell, i) => cellHeight(cell, i, fontOf(cell, isFooter)))) + 2 * style.padY;

  const write = (font: ReportFont, size: number, value: string, x: number, y: number, width: number, align: Align) => {
    doc.font(font).fontSize(size);
    if (fits(font, size, value, width)) {
      const offset = align === 'right' ? width - text.width(font, size, value) : 0;
      doc.text(value, x + offset, y, { lineBreak: false });
      return y + text.lineHeight(font, size);
    }
    doc.text(value, x, y, { width, align });
    return doc.y;
  };

  const drawRow = (rowCells: TableCell[], height: number, shaded: boolean, isFooter: boolean) => {
    const y = doc.y;
    if (shaded) doc.rect(ctx.left, y, ctx.width, height).fill(colours.zebra);
    rowCells.forEach((cell, i) => {
      const align = columns[i]?.align ?? 'left';
      const font = fontOf(cell, isFooter);
      let x = (xs[i] ?? 0) + style.padX;
      let width = inner(i);
      if (cell.marker) {
        const r = style.markerRadius;
        // Right-aligned numbers keep their marker just left of the number.
        const markerX = align === 'right' ? x + width - text.width(font, style.size, cell.text) - 2.2 * r : x + r;
        doc.circle(markerX, y + style.padY + 5.2, r).fill(cell.marker);
        if (align === 'left') {
          x += markerSpace;
          width -= markerSpace;
        }
      }
      doc.fillColor(cell.colour ?? colours.text);
      const next = write(font, style.size, cell.text, x, y + style.padY, width, align);
      if (cell.detail) {
        doc.fillColor(colours.muted);
        write('condensed', style.detailSize, cell.detail, x, next, width, align);
      }
    });
    const lineY = y + height;
    doc
      .moveTo(ctx.left, lineY)
      .lineTo(ctx.right, lineY)
      .lineWidth(isFooter ? 0.8 : 0.3)
      .strokeColor(isFooter ? colours.accent : colours.rule)
      .stroke();
    doc.y = lineY;
  };

  // Header and first row stay together: a header alone at the foot of a page helps nobody.
  const first = cells[0];
  ensureSpace(ctx, headerHeight + (first === undefined ? 0 : rowHeight(first, false)));
  drawHeader();
  const turn = turnGiver();
  for (const [index, rowCells] of cells.entries()) {
    await turn();
    const isFooter = options.footer !== undefined && index === rows.length;
    const height = rowHeight(rowCells, isFooter);
    if (doc.y + height > ctx.bottom) {
      doc.addPage();
      doc.y = ctx.top;
      drawHeader();
    }
    drawRow(rowCells, height, !isFooter && index % 2 === 1, isFooter);
  }
  doc.fillColor(colours.text);
  doc.x = ctx.left;
}

type Align = 'left' | 'right';

interface TextMeasure {
  width(font: ReportFont, size: number, value: string): number;
  lineHeight(font: ReportFont, size: number): number;
  height(font: ReportFont, size: number, value: string, width: number): number;
}

/** Widths and line heights, remembered: a table repeats the same numbers and dates many times. */
function textMeasure(ctx: ReportContext): TextMeasure {
  const { doc } = ctx;
  const widths = new Map<string, number>();
  const lineHeights = new Map<string, number>();
  return {
    width: (font, size, value) => {
      const key = `${font}\u0000${size}\u0000${value}`;
      let w = widths.get(key);
      if (w === undefined) {
        w = doc.font(font).fontSize(size).widthOfString(value);
        widths.set(key, w);
      }
      return w;
    },
    lineHeight: (font, size) => {
      const key = `${font}\u0000${size}`;
      let h = lineHeights.get(key);
      if (h === undefined) {
        h = doc.font(font).fontSize(size).currentLineHeight(true);
        lineHeights.set(key, h);
      }
      return h;
    },
    height: (font, size, value, width) => doc.font(font).fontSize(size).heightOfString(value, { width }),
  };
}

function columnWidths<Row>(
  text: TextMeasure,
  columns: TableColumn<Row>[],
  cells: TableCell[][],
  tableWidth: number,
  footerIndex: number,
): number[] {
  const fitted = columns.map((column, i) => {
    if (column.width === 'fill') return 0;
    let widest = Math.max(
      ...column.header.split(/\s+/).map((word) => text.width('condensedBold', style.headerSize, word)),
    );
    cells.forEach((row, r) => {
      const cell = row[i];
      if (!cell) return;
      const marker = cell.marker ? 3 * style.markerRadius : 0;
      const font = cell.bold || r === footerIndex ? 'condensedBold' : 'condensed';
      widest = Math.max(widest, text.width(font, style.size, cell.text) + marker);
    });
    // A little air beyond the padding, so neighbouring right-aligned numbers never touch.
    return Math.ceil(widest + 2 * style.padX + 4);
  });
  const fills = columns.filter((c) => c.width === 'fill').length;
  const rest = Math.max(0, tableWidth - fitted.reduce((a, b) => a + b, 0));
  return columns.map((c, i) => (c.width === 'fill' ? rest / fills : (fitted[i] ?? 0)));
}
