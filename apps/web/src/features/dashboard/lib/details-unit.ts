import type { StatsDetailItem, StatsDetailType } from '@liftwacht/contracts/dashboard';

type Unit = StatsDetailItem['unit'];

/**
 * What a list's value column measures, as the server fills it (stats details of the dashboard
 * module), so an empty list still gets the right column heading.
 */
export function detailsUnit(type: StatsDetailType, period: boolean): Unit {
  switch (type) {
    case 'liftAvailability':
    case 'intercomAvailability':
      return 'percentage';
    case 'servicecounterMaintenanceAlert':
      return 'rides';
    case 'approvalRejected':
    case 'approvalExpired':
    case 'inspectionUnknown':
      return 'date';
    case 'maintenanceExpired':
      return 'days';
    case 'maintenanceBeforeInterval':
    case 'maintenanceOnInterval':
    case 'maintenanceAfterInterval':
    case 'entrapments':
    case 'unavailabilityEvents':
      return 'count';
    case 'falseAlarmShare':
      return 'percentage';
    case 'timeToAcknowledge':
    case 'timeToFree':
    case 'mtbf':
    case 'mttr':
      return 'seconds';
    default:
      return period ? 'count' : 'timestamp';
  }
}

/**
 * The value column's heading: the figure's own where the unit alone would mislead (a median time,
 * a share of calls rather than availability), else the unit's.
 */
export function detailsValueLabelKey(type: StatsDetailType, unit: Unit) {
  switch (type) {
    case 'entrapments':
    case 'timeToAcknowledge':
    case 'timeToFree':
    case 'falseAlarmShare':
    case 'unavailabilityEvents':
    case 'mtbf':
    case 'mttr':
    case 'servicecounterMaintenanceAlert': // rides over the threshold, or days past the interval
      return `statsDetails.valueColumns.${type}` as const;
    default:
      return `statsDetails.columns.${unit}` as const;
  }
}
