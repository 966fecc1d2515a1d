// The availability distribution as a donut (the dashboard shows pies) with a legend of counts:
// how many lifts fall in < 98 %, 98–99 % and ≥ 99 %, in the spec's colours.
import { colours, type ReportContext } from './report-document.ts';

export interface ChartSlice {
  label: string;
  count: number;
  colour: string;
}

/** Draws a donut centred on (cx, cy); `centre` is written in the hole (the number of lifts). */
export function drawDonut(
  ctx: ReportContext,
  cx: number,
  cy: number,
  radius: number,
  slices: readonly ChartSlice[],
  centre: { value: string; label: string },
): void {
  const { doc } = ctx;
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  if (total === 0) {
    doc.circle(cx, cy, radius).fill(colours.rule);
  } else {
    // Clockwise from twelve o'clock, like the dashboard's pies.
    let angle = -Math.PI / 2;
    for (const slice of slices) {
      if (slice.count === 0) continue;
      const sweep = (slice.count / total) * 2 * Math.PI;
      if (slice.count === total) {
        doc.circle(cx, cy, radius).fill(slice.colour);
      } else {
        const end = angle + sweep;
        const point = (a: number) =>
          `${(cx + radius * Math.cos(a)).toFixed(2)} ${(cy + radius * Math.sin(a)).toFixed(2)}`;
        const largeArc = sweep > Math.PI ? 1 : 0;
        doc
          .path(`M ${cx} ${cy} L ${point(angle)} A ${radius} ${radius} 0 ${largeArc} 1 ${point(end)} Z`)
          .fill(slice.colour);
      }
      angle += sweep;
    }
  }
  const hole = radius * 0.58;
  doc.circle(cx, cy, hole).fill(colours.white);
  doc.font('bold').fontSize(13).fillColor(colours.text);
  doc.text(centre.value, cx - hole, cy - 11, { width: 2 * hole, align: 'center', lineBreak: false });
  doc.font('regular').fontSize(7).fillColor(colours.muted);
  doc.text(centre.label, cx - hole, cy + 4, { width: 2 * hole, align: 'center', lineBreak: false });
  doc.fillColor(colours.text);
}

/** One legend line per slice: swatch, label, count right-aligned at x + width. */
export function drawLegend(
  ctx: ReportContext,
  x: number,
  y: number,
  width: number,
  slices: readonly ChartSlice[],
): number {
  const { doc } = ctx;
  const lineHeight = 17;
  slices.forEach((slice, i) => {
    const rowY = y + i * lineHeight;
    doc.roundedRect(x, rowY + 1, 10, 10, 2).fill(slice.colour);
    doc.font('regular').fontSize(9).fillColor(colours.text);
    doc.text(slice.label, x + 16, rowY + 1, { width: width - 60, lineBreak: false });
    doc.font('bold').text(ctx.format.count(slice.count), x + width - 44, rowY + 1, {
      width: 44,
      align: 'right',
      lineBreak: false,
    });
  });
  return y + slices.length * lineHeight;
}
