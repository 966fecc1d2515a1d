// The alarm handling and reliability figures from their raw aggregates: the period view's part of
// GET /stats, and the per-lift lists of GET /stats/details (definitions: contracts dashboard.ts,
// alarmFiguresSchema).
import type { AlarmFigures, StatsDetailItem, StatsDetailType } from '@liftwacht/contracts/dashboard';
import type { AlarmFigureRow } from './alarm-figures.repository.ts';

export type AlarmDetailType = Extract<
  StatsDetailType,
  'entrapments' | 'timeToAcknowledge' | 'timeToFree' | 'falseAlarmShare' | 'unavailabilityEvents' | 'mtbf' | 'mttr'
>;

const alarmDetailTypes: readonly StatsDetailType[] = [
  'entrapments',
  'timeToAcknowledge',
  'timeToFree',
  'falseAlarmShare',
  'unavailabilityEvents',
  'mtbf',
  'mttr',
];

export const isAlarmDetailType = (type: StatsDetailType): type is AlarmDetailType => alarmDetailTypes.includes(type);

const share = (part: number, whole: number): number | null => (whole === 0 ? null : (100 * part) / whole);
const perFailure = (seconds: number, failures: number): number | null => (failures === 0 ? null : seconds / failures);

export function alarmFigures(row: AlarmFigureRow): AlarmFigures {
  return {
    entrapments: { count: row.entrapments },
    timeToAcknowledge: { count: row.ttaCount, medianSeconds: row.ttaMedian, p90Seconds: row.ttaP90 },
    timeToFree: { count: row.ttfCount, medianSeconds: row.ttfMedian, p90Seconds: row.ttfP90 },
    falseAlarmShare: {
      percentage: share(row.falseAlarms, row.calls),
      falseAlarms: row.falseAlarms,
      calls: row.calls,
    },
    unavailabilityEvents: { count: row.failures },
    mtbf: { seconds: perFailure(row.inService, row.failures), inServiceSeconds: row.inService },
    mttr: { seconds: row.restored === 0 ? null : row.mttr, count: row.restored },
  };
}

/**
 * The value that puts a lift in a figure's list, or undefined when the lift has none: lifts with
 * an entrapment, with an acknowledged or freed entrapment (their median), with a call other than a
 * test (their false-alarm share), with an unavailability event (count, MTBF) or a restored one (MTTR).
 */
function detailValue(type: AlarmDetailType, row: AlarmFigureRow): Pick<StatsDetailItem, 'value' | 'unit'> | undefined {
  const figures = alarmFigures(row);
  const value = (() => {
    switch (type) {
      case 'entrapments':
        return row.entrapments > 0 ? row.entrapments : null;
      case 'timeToAcknowledge':
        return figures.timeToAcknowledge.medianSeconds;
      case 'timeToFree':
        return figures.timeToFree.medianSeconds;
      case 'falseAlarmShare':
        return figures.falseAlarmShare.percentage;
      case 'unavailabilityEvents':
        return row.failures > 0 ? row.failures : null;
      case 'mtbf':
        return figures.mtbf.seconds;
      case 'mttr':
        return figures.mttr.seconds;
    }
  })();
  if (value === null) return undefined;
  const unit =
    type === 'entrapments' || type === 'unavailabilityEvents'
      ? 'count'
      : type === 'falseAlarmShare'
        ? 'percentage'
        : 'seconds';
  return { value, unit };
}

/**
 * The lifts behind a figure, the worst first: most entrapments, events or false alarms, longest
 * times and MTTR, shortest MTBF; ties by name.
 */
export function alarmDetailItems(
  type: AlarmDetailType,
  rows: readonly AlarmFigureRow[],
  summary: (liftId: number) => Pick<StatsDetailItem, 'liftId' | 'name' | 'address' | 'buildingName'>,
): StatsDetailItem[] {
  const sign = type === 'mtbf' ? 1 : -1;
  return rows
    .flatMap((row) => {
      const value = row.liftId === null ? undefined : detailValue(type, row);
      return value && row.liftId !== null ? [{ ...summary(row.liftId), ...value }] : [];
    })
    .sort(
      (a, b) => sign * (Number(a.value) - Number(b.value)) || a.name.localeCompare(b.name, 'nl') || a.liftId - b.liftId,
    );
}
