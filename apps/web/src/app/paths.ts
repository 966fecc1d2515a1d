// The spec's route table (§2) in one place: patterns for the router, builders for links.

export const routePatterns = {
  root: '/',
  login: '/login',
  passwordReset: '/password-reset/:token',
  dashboard: '/dashboard',
  comparePeriods: '/compare-periods',
  organisationReport: '/organisation-report',
  currentCalls: '/current-calls',
  alarmCalls: '/alarm-calls',
  lifts: '/lifts',
  lift: '/lifts/:liftId',
  /** The spec leaves the visit page's route open; under its lift, so the header strip shows. */
  visit: '/lifts/:liftId/visits/:visitId',
  subscriptions: '/subscriptions',
  statsDetails: '/stats-details/:type/:lower?/:upper?',
  events: '/events',
  event: '/events/:eventId',
  adminOrganisations: '/admin/organisations',
  adminUsers: '/admin/users',
  adminAccess: '/admin/access',
  adminAudit: '/admin/audit-log',
  adminGetStarted: '/admin/get-started',
} as const;

const segment = (value: string | number): string => encodeURIComponent(String(value));

export const paths = {
  root: routePatterns.root,
  login: routePatterns.login,
  passwordReset: (token: string) => `/password-reset/${segment(token)}`,
  dashboard: routePatterns.dashboard,
  comparePeriods: routePatterns.comparePeriods,
  organisationReport: routePatterns.organisationReport,
  currentCalls: routePatterns.currentCalls,
  alarmCalls: routePatterns.alarmCalls,
  lifts: routePatterns.lifts,
  liftNew: '/lifts/new',
  liftImport: '/lifts/import',
  lift: (liftId: string | number) => `/lifts/${segment(liftId)}`,
  liftEdit: (liftId: string | number) => `/lifts/${segment(liftId)}/edit`,
  visit: (liftId: string | number, visitId: string | number) => `/lifts/${segment(liftId)}/visits/${segment(visitId)}`,
  subscriptions: routePatterns.subscriptions,
  /** An open upper bound is written as `null`, as the spec's bucket 0.99/null. */
  statsDetails: (type: string, lower?: number, upper?: number | null) => {
    const bounds = lower === undefined ? [] : upper === undefined ? [lower] : [lower, upper ?? 'null'];
    return ['/stats-details', type, ...bounds].map((part, index) => (index === 0 ? part : segment(part))).join('/');
  },
  events: routePatterns.events,
  event: (eventId: string | number) => `/events/${segment(eventId)}`,
  adminOrganisations: routePatterns.adminOrganisations,
  adminUsers: routePatterns.adminUsers,
  adminAccess: routePatterns.adminAccess,
  adminAudit: routePatterns.adminAudit,
  adminGetStarted: routePatterns.adminGetStarted,
} as const;

/** Where the 401 rule does not redirect from (spec §8). */
export const loginPaths: readonly string[] = [paths.root, paths.login];
