// The signed-in pages, each its own chunk. This module loads with the app layout, not with the
// entry: the file lists of these lazy imports (for preloading) are then bytes of the layout's
// chunk, which only a signed-in visitor downloads, instead of the login route's entry.
import { lazy } from 'react';

// One chunk for the lift form and the import wizard (see lift-onboarding-routes.tsx), loaded
// without preloading its dependencies (vite.config.ts).
const liftOnboardingRoutes = () => import('./lift-onboarding-routes.tsx');

export const signedInPages = {
  dashboard: lazy(() => import('./dashboard-route.tsx').then((m) => ({ default: m.DashboardRoute }))),
  comparePeriods: lazy(() => import('./compare-periods-route.tsx').then((m) => ({ default: m.ComparePeriodsRoute }))),
  organisationReport: lazy(() =>
    import('./organisation-report-route.tsx').then((m) => ({ default: m.OrganisationReportRoute })),
  ),
  currentCalls: lazy(() => import('./current-calls-route.tsx').then((m) => ({ default: m.CurrentCallsRoute }))),
  alarmCalls: lazy(() => import('./alarm-calls-route.tsx').then((m) => ({ default: m.AlarmCallsRoute }))),
  lifts: lazy(() => import('./lifts-route.tsx').then((m) => ({ default: m.LiftsRoute }))),
  lift: lazy(() => import('./lift-route.tsx').then((m) => ({ default: m.LiftRoute }))),
  visit: lazy(() => import('./visit-route.tsx').then((m) => ({ default: m.VisitRoute }))),
  subscriptions: lazy(() => import('./subscriptions-route.tsx').then((m) => ({ default: m.SubscriptionsRoute }))),
  statsDetails: lazy(() => import('./stats-details-route.tsx').then((m) => ({ default: m.StatsDetailsRoute }))),
  events: lazy(() => import('./events-route.tsx').then((m) => ({ default: m.EventsRoute }))),
  event: lazy(() => import('./event-route.tsx').then((m) => ({ default: m.EventRoute }))),
  newLift: lazy(() => liftOnboardingRoutes().then((m) => ({ default: m.NewLiftRoute }))),
  editLift: lazy(() => liftOnboardingRoutes().then((m) => ({ default: m.EditLiftRoute }))),
  liftImport: lazy(() => liftOnboardingRoutes().then((m) => ({ default: m.LiftImportRoute }))),
  // The administration pages are one chunk that routes among its pages (see admin-routes.tsx).
  admin: lazy(() => import('./admin-routes.tsx').then((m) => ({ default: m.AdminRoutes }))),
};

export type SignedInPageName = keyof typeof signedInPages;
