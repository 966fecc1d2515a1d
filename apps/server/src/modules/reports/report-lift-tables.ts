// The per-lift tables: the ten lifts with the lowest availability, and every lift of the
// organisation. Both share their columns, so a lift reads the same in both.
import { availabilityColour, colours, type ReportContext } from './report-document.ts';
import type { ReportLift } from './report-model.ts';
import { drawTable, type TableColumn } from './report-table.ts';

function liftColumns(ctx: ReportContext): TableColumn<ReportLift>[] {
  const { texts, format } = ctx;
  const t = texts.lifts;
  const none = texts.document.none;
  const percentage = (value: number | null) =>
    value === null
      ? { text: none, colour: colours.muted }
      : { text: format.percentage(value), marker: availabilityColour(value) };
  return [
    {
      header: t.lift,
      width: 'fill',
      cell: (l) => ({
        text: l.name,
        detail: [l.address, l.buildingName].filter(Boolean).join(' · ') || undefined,
      }),
    },
    { header: t.availability, width: 'fit', align: 'right', cell: (l) => percentage(l.availability) },
    { header: t.intercom, width: 'fit', align: 'right', cell: (l) => percentage(l.intercomAvailability) },
    {
      header: t.unavailabilityEvents,
      width: 'fit',
      align: 'right',
      cell: (l) => ({ text: format.count(l.unavailabilityEvents) }),
    },
    { header: t.alarmCalls, width: 'fit', align: 'right', cell: (l) => ({ text: format.count(l.alarmCalls) }) },
    { header: t.visits, width: 'fit', align: 'right', cell: (l) => ({ text: format.count(l.visits) }) },
    {
      header: t.inspectionDueOn,
      width: 'fit',
      align: 'right',
      cell: (l) =>
        l.inspectionDueOn === null
          ? // Unknown is not fine: no commissioning date and no approval to count from.
            { text: t.inspectionUnknown, bold: true, colour: '#B3261E' }
          : // An expired inspection is the one date on the page that needs action.
            {
              text: format.shortDate(l.inspectionDueOn),
              bold: l.inspectionExpired,
              colour: l.inspectionExpired ? '#B3261E' : undefined,
            },
    },
  ];
}

export async function drawLowestLifts(ctx: ReportContext, lifts: readonly ReportLift[]): Promise<void> {
  if (lifts.length === 0) {
    emptyNote(ctx, ctx.texts.lowest.empty);
    return;
  }
  const ranked = lifts.map((lift, i) => ({ lift, rank: i + 1 }));
  const columns: TableColumn<{ lift: ReportLift; rank: number }>[] = [
    { header: ctx.texts.lowest.rank, width: 'fit', align: 'right', cell: (r) => ({ text: String(r.rank) }) },
    ...liftColumns(ctx).map((c) => ({ ...c, cell: (r: { lift: ReportLift }) => c.cell(r.lift) })),
  ];
  await drawTable(ctx, columns, ranked);
}

export async function drawAllLifts(ctx: ReportContext, lifts: readonly ReportLift[]): Promise<void> {
  if (lifts.length === 0) {
    emptyNote(ctx, ctx.texts.lifts.empty);
    return;
  }
  await drawTable(ctx, liftColumns(ctx), lifts);
}

export function emptyNote(ctx: ReportContext, text: string): void {
  ctx.doc.font('regular').fontSize(9.5).fillColor(colours.muted).text(text, ctx.left, ctx.doc.y, { width: ctx.width });
  ctx.doc.fillColor(colours.text);
}
