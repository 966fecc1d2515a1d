// The route table of spec §2. Every page is its own chunk (React.lazy), so the login page never
// downloads the shell, the dashboard or its charts. Later issues add their pages here.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import { RequireSession } from './session/require-session.tsx';

const LoginRoute = lazy(() => import('./routes/login-route.tsx').then((m) => ({ default: m.LoginRoute })));
const PasswordResetRoute = lazy(() =>
  import('./routes/password-reset-route.tsx').then((m) => ({ default: m.PasswordResetRoute })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found-route.tsx').then((m) => ({ default: m.NotFoundRoute })));
const AppLayout = lazy(() => import('./layout/app-layout.tsx').then((m) => ({ default: m.AppLayout })));
const DashboardRoute = lazy(() => import('./routes/dashboard-route.tsx').then((m) => ({ default: m.DashboardRoute })));
const ComparePeriodsRoute = lazy(() =>
  import('./routes/compare-periods-route.tsx').then((m) => ({ default: m.ComparePeriodsRoute })),
);
const OrganisationReportRoute = lazy(() =>
  import('./routes/organisation-report-route.tsx').then((m) => ({ default: m.OrganisationReportRoute })),
);
const CurrentCallsRoute = lazy(() =>
  import('./routes/current-calls-route.tsx').then((m) => ({ default: m.CurrentCallsRoute })),
);
const AlarmCallsRoute = lazy(() =>
  import('./routes/alarm-calls-route.tsx').then((m) => ({ default: m.AlarmCallsRoute })),
);
const LiftsRoute = lazy(() => import('./routes/lifts-route.tsx').then((m) => ({ default: m.LiftsRoute })));
const LiftRoute = lazy(() => import('./routes/lift-route.tsx').then((m) => ({ default: m.LiftRoute })));
const VisitRoute = lazy(() => import('./routes/visit-route.tsx').then((m) => ({ default: m.VisitRoute })));
const SubscriptionsRoute = lazy(() =>
  import('./routes/subscriptions-route.tsx').then((m) => ({ default: m.SubscriptionsRoute })),
);
const StatsDetailsRoute = lazy(() =>
  import('./routes/stats-details-route.tsx').then((m) => ({ default: m.StatsDetailsRoute })),
);
const EventsRoute = lazy(() => import('./routes/events-route.tsx').then((m) => ({ default: m.EventsRoute })));
const EventRoute = lazy(() => import('./routes/event-route.tsx').then((m) => ({ default: m.EventRoute })));
// One chunk for the lift form and the import wizard (see lift-onboarding-routes.tsx), loaded
// without preloading its dependencies (vite.config.ts).
const liftOnboardingRoutes = () => import('./routes/lift-onboarding-routes.tsx');
const NewLiftRoute = lazy(() => liftOnboardingRoutes().then((m) => ({ default: m.NewLiftRoute })));
const EditLiftRoute = lazy(() => liftOnboardingRoutes().then((m) => ({ default: m.EditLiftRoute })));
const LiftImportRoute = lazy(() => liftOnboardingRoutes().then((m) => ({ default: m.LiftImportRoute })));
// The administration pages are one chunk that routes among its pages (see admin-routes.tsx).
const AdminRoutes = lazy(() => import('./routes/admin-routes.tsx').then((m) => ({ default: m.AdminRoutes })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LoginRoute />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="password-reset/:token" element={<PasswordResetRoute />} />
        <Route element={<RequireSession />}>
          <Route element={<AppLayout />}>
            <Route path="dashboard" element={<DashboardRoute />} />
            <Route path="compare-periods" element={<ComparePeriodsRoute />} />
            <Route path="organisation-report" element={<OrganisationReportRoute />} />
            <Route path="current-calls" element={<CurrentCallsRoute />} />
            <Route path="alarm-calls" element={<AlarmCallsRoute />} />
            <Route path="lifts" element={<LiftsRoute />} />
            <Route path="lifts/new" element={<NewLiftRoute />} />
            <Route path="lifts/import" element={<LiftImportRoute />} />
            <Route path="lifts/:liftId" element={<LiftRoute />} />
            <Route path="lifts/:liftId/edit" element={<EditLiftRoute />} />
            <Route path="lifts/:liftId/visits/:visitId" element={<VisitRoute />} />
            <Route path="subscriptions" element={<SubscriptionsRoute />} />
            <Route path="stats-details/:type/:lower?/:upper?" element={<StatsDetailsRoute />} />
            <Route path="events" element={<EventsRoute />} />
            <Route path="events/:eventId" element={<EventRoute />} />
            <Route path="admin/*" element={<AdminRoutes />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
