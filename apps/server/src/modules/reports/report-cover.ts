// The cover page: what the report is about (organisation, period, lifts, business hours, when it
// was made) and a contents list whose page numbers are filled in once every section exists.
import { interpolate } from '../../lib/server-i18n.ts';
import { colours, type ReportContext, type ReportTexts } from './report-document.ts';
import type { ReportFormat } from './report-format.ts';
import type { OrganisationReport } from './report-model.ts';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function periodText(texts: ReportTexts, format: ReportFormat, period: OrganisationReport['period']): string {
  return interpolate(texts.cover.periodValue, { from: format.longDate(period.from), to: format.longDate(period.to) });
}

/** Draws the cover on the first page; returns where the contents list goes. */
export function drawCover(ctx: ReportContext, report: OrganisationReport): { contentsY: number } {
  const { doc, texts, format } = ctx;
  const bandHeight = 210;
  doc.rect(0, 0, doc.page.width, bandHeight).fill(colours.accent);
  doc.font('bold').fontSize(13).fillColor(colours.white).text(texts.document.product, ctx.left, 64);
  doc.fontSize(30).text(texts.document.title, ctx.left, 92, { width: ctx.width });
  doc
    .font('regular')
    .fontSize(15)
    .fillColor(colours.accentLight)
    .text(report.organisation.name, ctx.left, doc.y + 6, {
      width: ctx.width,
      height: bandHeight - doc.y - 16,
      ellipsis: true,
    });

  const generated = format.dateTime(report.generatedAt);
  const rows: [string, string][] = [
    [texts.cover.organisation, report.organisation.name],
    [texts.cover.period, periodText(texts, format, report.period)],
    [texts.cover.lifts, format.count(report.stats.liftAvailability.liftCount)],
    [
      texts.cover.businessHours,
      interpolate(texts.cover.businessHoursValue, {
        start: hour(report.period.startHour),
        end: hour(report.period.endHour),
      }),
    ],
    [texts.cover.generatedAt, interpolate(texts.cover.generatedAtValue, generated)],
  ];
  const labelWidth = 150;
  let y = bandHeight + 50;
  for (const [label, value] of rows) {
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(colours.muted)
      .text(label, ctx.left, y + 1.5, { width: labelWidth - 10 });
    doc
      .font('regular')
      .fontSize(11.5)
      .fillColor(colours.text)
      .text(value, ctx.left + labelWidth, y, { width: ctx.width - labelWidth });
    y = Math.max(doc.y, y + 16) + 10;
  }
  return { contentsY: y + 30 };
}

/** The contents list, once the sections' pages are known. */
export function drawContents(ctx: ReportContext, y: number): void {
  const { doc } = ctx;
  doc.font('bold').fontSize(12).fillColor(colours.accent).text(ctx.texts.cover.contents, ctx.left, y);
  let rowY = doc.y + 8;
  ctx.sections.forEach((section, i) => {
    const page = String(section.page + 1);
    doc.font('regular').fontSize(10.5).fillColor(colours.text);
    doc.text(`${i + 1}.  ${section.title}`, ctx.left, rowY, { lineBreak: false });
    const titleEnd = ctx.left + doc.widthOfString(`${i + 1}.  ${section.title}`) + 6;
    const pageWidth = doc.widthOfString(page);
    doc
      .moveTo(titleEnd, rowY + 9)
      .lineTo(ctx.right - pageWidth - 6, rowY + 9)
      .dash(1, { space: 2.5 })
      .lineWidth(0.6)
      .strokeColor(colours.rule)
      .stroke()
      .undash();
    doc.text(page, ctx.right - pageWidth, rowY, { lineBreak: false });
    rowY += 20;
  });
}
