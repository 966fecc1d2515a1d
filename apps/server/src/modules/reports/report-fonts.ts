// The report's typeface: DejaVu Sans, embedded (subset) in every PDF. pdfkit's built-in Helvetica
// only knows WinAnsi, which has no ≥ and would garble names outside Western Europe; DejaVu covers
// Dutch and English text (ë, é, ï, ü, €, —, ≥) and far beyond.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import { lazyModule } from '../../lib/lazy-module.ts';

const require = createRequire(import.meta.url);
const fontkit = lazyModule<typeof Fontkit>('fontkit');

export const reportFonts = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  condensed: 'DejaVuSansCondensed.ttf',
  condensedBold: 'DejaVuSansCondensed-Bold.ttf',
} as const;
export type ReportFont = keyof typeof reportFonts;

let parsed: Record<ReportFont, Fontkit.Font> | undefined;

/**
 * The fonts, read and parsed once per process. pdfkit accepts a parsed fontkit font and makes its
 * own subset per document, so each report skips ~100 ms of table parsing. Safe to share: one report
 * is drawn at a time (report-builds.ts), each pdfkit call is synchronous, and fontkit only caches
 * what it reads.
 */
export function reportFontFaces(): Record<ReportFont, Fontkit.Font> {
  parsed ??= Object.fromEntries(
    Object.entries(reportFonts).map(([key, file]) => {
      const face = fontkit().create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
      if (!('layout' in face)) throw new Error(`${file} is a font collection, not a font`);
      return [key, face];
    }),
  ) as Record<ReportFont, Fontkit.Font>;
  return parsed;
}
