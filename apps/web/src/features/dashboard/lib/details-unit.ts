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
      return 'date';
    case 'maintenanceExpired':
      return 'days';
    case 'maintenanceBeforeInterval':
    case 'maintenanceOnInterval':
    case 'maintenanceAfterInterval':
      return 'count';
    default:
      return period ? 'count' : 'timestamp';
  }
}
