// The organisation report's layout, section by section: cover, summary, the ten lowest lifts,
// events per type, every lift. Answers the finished pdfkit document, a stream of PDF bytes. Drawing
// gives the event loop turns (the tables), so call it through reportBuilds (report-builds.ts): one
// document drawn at a time keeps the memory of one and the shared font objects used by one.
import { catalogue, interpolate, languageOf } from '../../lib/server-i18n.ts';
import { drawContents, drawCover, periodText } from './report-cover.ts';
import {
  colours,
  createReportContext,
  oneLine,
  startSection,
  writePageFooters,
  type ReportContext,
} from './report-document.ts';
import { createReportFormat } from './report-format.ts';
import { drawAllLifts, drawLowestLifts, emptyNote } from './report-lift-tables.ts';
import type { OrganisationReport } from './report-model.ts';
import { drawSummary } from './report-summary.ts';
import { drawTable } from './report-table.ts';

export async function renderOrganisationReport(report: OrganisationReport): Promise<PDFKit.PDFDocument> {
  const texts = catalogue(languageOf(report.locale)).reports;
  const format = createReportFormat(report.locale, texts.document.percent);
  const period = periodText(texts, format, report.period);
  const ctx = createReportContext({
    texts,
    format,
    locale: report.locale,
    title: interpolate(texts.document.pdfTitle, { organisation: report.organisation.name, period }),
    subject: texts.document.subject,
    createdAt: report.generatedAt,
  });

  const { contentsY } = drawCover(ctx, report);

  startSection(ctx, texts.summary.title);
  drawSummary(ctx, report);

  startSection(ctx, texts.lowest.title);
  await drawLowestLifts(ctx, report.lowest);

  startSection(ctx, texts.eventTypes.title, { continueAfter: 120 });
  await drawEventTypes(ctx, report.eventsByType);

  startSection(ctx, texts.lifts.title, { intro: texts.lifts.intro });
  await drawAllLifts(ctx, report.lifts);

  ctx.doc.switchToPage(0);
  drawContents(ctx, contentsY);
  // A long organisation name gives way in the footer; the period always shows.
  writePageFooters(ctx, (maxWidth) => {
    const rest = ctx.doc.widthOfString(interpolate(texts.document.footer, { organisation: '', period }));
    const organisation = oneLine(ctx.doc, report.organisation.name, maxWidth - rest);
    return interpolate(texts.document.footer, { organisation, period });
  });
  ctx.doc.end();
  return ctx.doc;
}

async function drawEventTypes(ctx: ReportContext, rows: OrganisationReport['eventsByType']): Promise<void> {
  const t = ctx.texts.eventTypes;
  if (rows.length === 0) {
    emptyNote(ctx, t.empty);
    return;
  }
  const labels: Record<string, string | undefined> = t.labels;
  // A type this version has no label for still prints, under its code.
  const labelled = rows.map((r) => ({ label: labels[r.type] ?? r.type, count: r.count }));
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  await drawTable(
    ctx,
    [
      { header: t.type, width: 'fill', cell: (r) => ({ text: r.label }) },
      { header: t.count, width: 'fit', align: 'right', cell: (r) => ({ text: ctx.format.count(r.count) }) },
    ],
    labelled,
    { footer: { label: t.total, count: total } },
  );
  ctx.doc.fillColor(colours.text);
}
