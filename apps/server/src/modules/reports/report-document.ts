// Page furniture shared by every report: an A4 document with the embedded fonts, the colours, the
// section headings, and page numbers written once all pages exist (pdfkit bufferPages).
import type PDFDocument from 'pdfkit';
import type { Locale } from '@liftwacht/contracts/auth';
import { interpolate, type catalogue } from '../../lib/server-i18n.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { reportFontFaces, reportFonts, type ReportFont } from './report-fonts.ts';
import type { ReportFormat } from './report-format.ts';

// Loaded on first use (lib/lazy-module.ts), like the fonts: most starts draw no PDF.
const pdfDocument = lazyModule<typeof PDFDocument>('pdfkit');

export type ReportTexts = ReturnType<typeof catalogue>['reports'];

/** The spec's availability colours (§9) and a dark green accent for structure. */
export const colours = {
  red: '#F3776D',
  amber: '#F3C46D',
  green: '#86B29C',
  accent: '#2E6B4F',
  accentLight: '#E9F2ED',
  text: '#1F2933',
  muted: '#5F6B76',
  rule: '#D5DDE3',
  zebra: '#F5F7F7',
  white: '#FFFFFF',
} as const;

/** Colour of an availability percentage: < 98 red, 98–99 amber, ≥ 99 green (the dashboard's brackets). */
export function availabilityColour(percent: number): string {
  if (percent < 98) return colours.red;
  if (percent < 99) return colours.amber;
  return colours.green;
}

export interface ReportSection {
  title: string;
  /** 0-based page index where the section starts. */
  page: number;
}

/** Everything a layout function needs: the document, its texts and formats, and the writable area. */
export interface ReportContext {
  doc: PDFKit.PDFDocument;
  texts: ReportTexts;
  format: ReportFormat;
  left: number;
  right: number;
  width: number;
  top: number;
  /** Lowest y content may reach; the footer lives below it. */
  bottom: number;
  sections: ReportSection[];
}

const margin = { top: 56, bottom: 64, side: 50 };

/** Words laid out per font beyond which the shared cache starts afresh (names and addresses vary). */
export const sharedLayoutWords = 20_000;

const sharedLayouts = new Map<ReportFont, Record<string, unknown>>();

/**
 * pdfkit lays out (shapes) every word once per document and keeps the result for that document:
 * for 1,000 lifts thousands of words, new on every report, which lived until the document ended and
 * so reached V8's old generation — six reports in a row raised the heap from 51 to 255 MB before
 * its first full collection. The documents share one cache per font instead (the same parsed face,
 * so the same glyphs and positions), started afresh once it holds sharedLayoutWords words (counted
 * when a document starts: a millisecond). pdfkit keeps it on its embedded font as `layoutCache`
 * (not in its typings); without one this does nothing.
 */
function shareLayouts(doc: PDFKit.PDFDocument, name: ReportFont): void {
  const embedded = (doc.font(name) as unknown as { _font?: { layoutCache?: Record<string, unknown> } })._font;
  if (embedded?.layoutCache === undefined) return;
  let shared = sharedLayouts.get(name);
  if (shared === undefined || Object.keys(shared).length > sharedLayoutWords) {
    shared = Object.create(null) as Record<string, unknown>;
    sharedLayouts.set(name, shared);
  }
  embedded.layoutCache = shared;
}

/** Drawing operators a page's content holds as text before they become one chunk of bytes. */
const operatorsPerChunk = 512;

/**
 * pdfkit turns every drawing operator into a little Buffer of its own and keeps them per page until
 * the document ends (bufferPages): 113,000 of them for 1,000 lifts, ~22 MB of heap that outlived
 * every young collection. Each page's content now gathers its operators as text and hands them over
 * 512 at a time, joined by the newline pdfkit puts after each, so the bytes are the same. pdfkit
 * keeps a page's content as `page.content` with write() and end() (not in its typings); without
 * them this does nothing.
 */
function batchPageContent(doc: PDFKit.PDFDocument): void {
  const batch = () => {
    const content = (doc as unknown as { page?: { content?: PageContent } }).page?.content;
    if (!content || typeof content.write !== 'function' || typeof content.end !== 'function') return;
    const write = content.write.bind(content);
    const end = content.end.bind(content);
    let pending: string[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      const text = pending.join('\n');
      pending = [];
      write(text);
    };
    content.write = (chunk) => {
      if (typeof chunk !== 'string') {
        flush();
        write(chunk);
        return;
      }
      pending.push(chunk);
      if (pending.length >= operatorsPerChunk) flush();
    };
    content.end = (chunk) => {
      flush();
      end(chunk);
    };
  };
  batch();
  doc.on('pageAdded', batch);
}

interface PageContent {
  write(chunk: string | Uint8Array): void;
  end(chunk?: string | Uint8Array): void;
}

export function createReportContext(options: {
  texts: ReportTexts;
  format: ReportFormat;
  locale: Locale;
  title: string;
  subject: string;
  createdAt: Date;
}): ReportContext {
  const doc = new (pdfDocument())({
    size: 'A4',
    bufferPages: true,
    margins: { top: margin.top, bottom: margin.bottom, left: margin.side, right: margin.side },
    lang: options.locale === 'nl' ? 'nl-NL' : options.locale,
    displayTitle: true,
    info: {
      Title: options.title,
      Subject: options.subject,
      Author: options.texts.document.product,
      Creator: options.texts.document.product,
      CreationDate: options.createdAt,
    },
  });
  const faces = reportFontFaces();
  // pdfkit takes a parsed fontkit font at run time; its typings only list file sources.
  for (const name of Object.keys(reportFonts) as ReportFont[]) {
    doc.registerFont(name, faces[name] as never);
    shareLayouts(doc, name);
  }
  doc.font('regular').fillColor(colours.text);
  batchPageContent(doc);
  return {
    doc,
    texts: options.texts,
    format: options.format,
    left: margin.side,
    right: doc.page.width - margin.side,
    width: doc.page.width - 2 * margin.side,
    top: margin.top,
    bottom: doc.page.height - margin.bottom,
    sections: [],
  };
}

export function currentPageIndex(ctx: ReportContext): number {
  const range = ctx.doc.bufferedPageRange();
  return range.start + range.count - 1;
}

/** Starts a new page unless `height` more points fit on this one. */
export function ensureSpace(ctx: ReportContext, height: number): void {
  if (ctx.doc.y + height > ctx.bottom) {
    ctx.doc.addPage();
    ctx.doc.y = ctx.top;
  }
}

/**
 * A section title, remembered for the contents and the PDF outline: on a fresh page, or after what
 * came before when `continueAfter` points fit (a short section needs no page of its own).
 */
export function startSection(
  ctx: ReportContext,
  title: string,
  options: { intro?: string; continueAfter?: number } = {},
): void {
  const { doc } = ctx;
  if (options.continueAfter !== undefined && doc.y + 28 + options.continueAfter <= ctx.bottom) {
    doc.y += 28;
  } else {
    doc.addPage();
    doc.y = ctx.top;
  }
  ctx.sections.push({ title, page: currentPageIndex(ctx) });
  doc.outline.addItem(title);
  heading(ctx, title);
  if (options.intro) {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(colours.muted)
      .text(options.intro, ctx.left, doc.y, { width: ctx.width });
    doc.y += 10;
  }
}

/** A section or sub-section heading with an accent rule under it. */
export function heading(ctx: ReportContext, title: string, size = 16): void {
  const { doc } = ctx;
  const y = doc.y;
  doc.font('bold').fontSize(size).fillColor(colours.accent).text(title, ctx.left, y, { width: ctx.width });
  const ruleY = doc.y + 2;
  doc
    .moveTo(ctx.left, ruleY)
    .lineTo(ctx.right, ruleY)
    .lineWidth(size > 12 ? 1.2 : 0.6)
    .strokeColor(colours.accent)
    .stroke();
  doc.y = ruleY + (size > 12 ? 14 : 8);
  doc.fillColor(colours.text);
}

/**
 * Footer on every page: what the report is about on the left (`footer` gets the width it may
 * fill, in the footer's font), "Page n of N" on the right. Runs
 * after the last page exists; the bottom margin is lifted while writing so pdfkit does not start
 * a new page for text below it.
 */
export function writePageFooters(ctx: ReportContext, footer: (maxWidth: number) => string): void {
  const { doc } = ctx;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - margin.bottom + 24;
    doc
      .moveTo(ctx.left, y - 6)
      .lineTo(ctx.right, y - 6)
      .lineWidth(0.5)
      .strokeColor(colours.rule)
      .stroke();
    const pageText = interpolate(ctx.texts.document.pageOf, { page: String(i + 1), pages: String(range.count) });
    doc.font('regular').fontSize(8).fillColor(colours.muted);
    const pageWidth = doc.widthOfString(pageText);
    const maxWidth = ctx.width - pageWidth - 20;
    doc.text(oneLine(doc, footer(maxWidth), maxWidth), ctx.left, y, { lineBreak: false });
    doc.text(pageText, ctx.right - pageWidth, y, { lineBreak: false });
    doc.page.margins.bottom = savedBottom;
  }
}

/** `text` cut to fit `width` on one line with the current font, ending in "…" when cut. */
export function oneLine(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
