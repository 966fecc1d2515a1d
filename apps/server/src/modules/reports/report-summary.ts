// The summary page: lift and intercom availability with their distribution, then alarm calls,
// maintenance, inspections, entrapment handling and reliability — the dashboard's period view on paper.
import type { Availability } from '@liftwacht/contracts/dashboard';
import { interpolate } from '../../lib/server-i18n.ts';
import { drawDonut, drawLegend, type ChartSlice } from './report-chart.ts';
import { availabilityColour, colours, type ReportContext } from './report-document.ts';
import { callKinds, type OrganisationReport } from './report-model.ts';

const gutter = 18;

export function drawSummary(ctx: ReportContext, report: OrganisationReport): void {
  const { doc, texts, format } = ctx;
  const { stats } = report;
  const half = (ctx.width - gutter) / 2;
  // A figure that is undefined (no calls, no events) prints as a dash, never as 0.
  const duration = (seconds: number | null) => (seconds === null ? texts.document.none : format.duration(seconds));
  const percentage = (percent: number | null) => (percent === null ? texts.document.none : format.percentage(percent));

  const panelsY = doc.y;
  const panelHeight = 196;
  availabilityPanel(ctx, ctx.left, panelsY, half, panelHeight, texts.summary.liftAvailability, stats.liftAvailability);
  availabilityPanel(
    ctx,
    ctx.left + half + gutter,
    panelsY,
    half,
    panelHeight,
    texts.summary.intercomAvailability,
    stats.intercomAvailability,
  );
  doc.y = panelsY + panelHeight + 22;

  const s = texts.summary;
  const totalCalls = callKinds.reduce((sum, kind) => sum + report.callsByKind[kind], 0);
  const groupsY = doc.y;
  const callsEnd = figureGroup(ctx, ctx.left, groupsY, half, s.calls, [
    { label: s.callsTotal, value: format.count(totalCalls), strong: true },
    ...callKinds.map((kind) => ({
      label: s.callKinds[kind],
      value: format.count(report.callsByKind[kind]),
      // Entrapments are the calls that matter most: people were stuck in a car.
      strong: kind === 'entrapment',
    })),
  ]);
  const maintenanceEnd = figureGroup(ctx, ctx.left + half + gutter, groupsY, half, s.maintenance, [
    { label: s.maintenanceVisits, value: format.count(stats.maintenanceVisits.count), strong: true },
    { label: s.maintenanceBefore, value: format.count(stats.maintenanceBeforeInterval.count) },
    { label: s.maintenanceOn, value: format.count(stats.maintenanceOnInterval.count) },
    { label: s.maintenanceAfter, value: format.count(stats.maintenanceAfterInterval.count) },
    { label: s.maintenanceExpired, value: format.count(stats.maintenanceExpired.lift_count) },
  ]);
  const inspectionsY = Math.max(callsEnd, maintenanceEnd) + 18;
  const inspectionsEnd = figureGroup(ctx, ctx.left, inspectionsY, half, s.inspections, [
    { label: s.approvalRejected, value: format.count(stats.approvalRejected.count) },
    { label: s.approvalExpired, value: format.count(stats.approvalExpired.count) },
    { label: s.approvalExpiredLifts, value: format.count(stats.approvalExpired.lift_count) },
    { label: s.inspectionUnknown, value: format.count(stats.inspectionUnknown.lift_count) },
  ]);
  const reliabilityEnd = figureGroup(ctx, ctx.left, inspectionsEnd + 18, half, s.reliability, [
    { label: s.unavailabilityEvents, value: format.count(stats.unavailabilityEvents.count), strong: true },
    { label: s.mtbf, value: duration(stats.mtbf.seconds) },
    { label: s.mttr, value: duration(stats.mttr.seconds) },
  ]);
  const alarmEnd = figureGroup(ctx, ctx.left + half + gutter, inspectionsY, half, s.alarmHandling, [
    { label: s.entrapments, value: format.count(stats.entrapments.count), strong: true },
    { label: s.ttaMedian, value: duration(stats.timeToAcknowledge.medianSeconds) },
    { label: s.ttaP90, value: duration(stats.timeToAcknowledge.p90Seconds) },
    { label: s.ttfMedian, value: duration(stats.timeToFree.medianSeconds) },
    { label: s.ttfP90, value: duration(stats.timeToFree.p90Seconds) },
    { label: s.falseAlarmShare, value: percentage(stats.falseAlarmShare.percentage) },
  ]);

  const hours = (h: number) => `${String(h).padStart(2, '0')}:00`;
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(colours.muted)
    .text(
      interpolate(s.notes, { start: hours(report.period.startHour), end: hours(report.period.endHour) }),
      ctx.left,
      Math.max(reliabilityEnd, alarmEnd) + 26,
      { width: ctx.width },
    );
  doc.text(s.alarmNotes, ctx.left, doc.y + 4, { width: ctx.width });
  doc.fillColor(colours.text);
}

function availabilityPanel(
  ctx: ReportContext,
  x: number,
  y: number,
  width: number,
  height: number,
  title: string,
  availability: Availability,
): void {
  const { doc, texts, format } = ctx;
  const s = texts.summary;
  doc.roundedRect(x, y, width, height, 4).lineWidth(0.6).strokeColor(colours.rule).stroke();
  const pad = 12;
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor(colours.accent)
    .text(title, x + pad, y + pad, { width: width - 2 * pad });

  if (availability.liftCount === 0) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(colours.muted)
      .text(s.noIntercom, x + pad, y + pad + 28, { width: width - 2 * pad });
    return;
  }

  const valueY = y + pad + 20;
  doc.roundedRect(x + pad, valueY + 4, 6, 22, 2).fill(availabilityColour(availability.percentage));
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(colours.text)
    .text(format.percentage(availability.percentage), x + pad + 12, valueY, { lineBreak: false });
  const mean =
    availability.liftCount === 1
      ? s.meanOverOne
      : interpolate(s.meanOver, { count: format.count(availability.liftCount) });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(colours.muted)
    .text(mean, x + pad, valueY + 32, { width: width - 2 * pad });

  const [low, mid, high] = availability.brackets;
  const slices: ChartSlice[] = [
    { label: s.bracketLow, count: low?.count ?? 0, colour: colours.red },
    { label: s.bracketMid, count: mid?.count ?? 0, colour: colours.amber },
    { label: s.bracketHigh, count: high?.count ?? 0, colour: colours.green },
  ];
  const radius = 42;
  const chartY = valueY + 52;
  drawDonut(ctx, x + pad + radius, chartY + radius, radius, slices, {
    value: format.count(availability.liftCount),
    label: s.liftsInChart,
  });
  const legendX = x + pad + 2 * radius + 22;
  drawLegend(ctx, legendX, chartY + radius - 25, x + width - pad - legendX, slices);

  // Unavailable hours across the foot of the panel, where the label has room in both languages.
  const footY = y + height - 28;
  doc
    .moveTo(x + pad, footY)
    .lineTo(x + width - pad, footY)
    .lineWidth(0.4)
    .strokeColor(colours.rule)
    .stroke();
  doc.font('regular').fontSize(9).fillColor(colours.muted);
  doc.text(s.unavailableHours, x + pad, footY + 8, { lineBreak: false });
  doc
    .font('bold')
    .fillColor(colours.text)
    .text(format.hours(availability.unavailableSeconds), x + width - pad - 80, footY + 8, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
}

interface Figure {
  label: string;
  value: string;
  strong?: boolean;
}

/** A titled list of label … value lines; returns the y below it. */
function figureGroup(
  ctx: ReportContext,
  x: number,
  y: number,
  width: number,
  title: string,
  figures: Figure[],
): number {
  const { doc } = ctx;
  doc.y = y;
  doc.x = x;
  doc.font('bold').fontSize(10.5).fillColor(colours.accent).text(title, x, y, { width });
  let rowY = doc.y + 4;
  doc
    .moveTo(x, rowY - 1)
    .lineTo(x + width, rowY - 1)
    .lineWidth(0.6)
    .strokeColor(colours.accent)
    .stroke();
  const valueWidth = 72;
  for (const figure of figures) {
    doc
      .font(figure.strong ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor(colours.text);
    doc.text(figure.label, x, rowY + 4, { width: width - valueWidth - 6 });
    const labelEnd = doc.y;
    doc.text(figure.value, x + width - valueWidth, rowY + 4, { width: valueWidth, align: 'right' });
    rowY = Math.max(labelEnd, doc.y) + 4;
    doc
      .moveTo(x, rowY)
      .lineTo(x + width, rowY)
      .lineWidth(0.3)
      .strokeColor(colours.rule)
      .stroke();
  }
  return rowY;
}
