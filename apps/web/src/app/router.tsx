// The route table of spec §2. Every page is its own chunk (React.lazy), so the login page never
// downloads the shell, the dashboard or its charts. The signed-in pages are named here and loaded
// through the app layout (routes/signed-in-pages.tsx). Later issues add their pages there.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { SignedInPage } from './layout/signed-in-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { LoginRoute } from './routes/login-route.tsx';
import { RequireSession } from './session/require-session.tsx';

const PasswordResetRoute = lazy(() =>
  import('./routes/password-reset-route.tsx').then((m) => ({ default: m.PasswordResetRoute })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found-route.tsx').then((m) => ({ default: m.NotFoundRoute })));
const AppLayout = lazy(() => import('./layout/app-layout.tsx').then((m) => ({ default: m.AppLayout })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LoginRoute />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="password-reset/:token" element={<PasswordResetRoute />} />
        <Route element={<RequireSession />}>
          <Route element={<AppLayout />}>
            <Route path="dashboard" element={<SignedInPage name="dashboard" />} />
            <Route path="compare-periods" element={<SignedInPage name="comparePeriods" />} />
            <Route path="organisation-report" element={<SignedInPage name="organisationReport" />} />
            <Route path="current-calls" element={<SignedInPage name="currentCalls" />} />
            <Route path="alarm-calls" element={<SignedInPage name="alarmCalls" />} />
            <Route path="lifts" element={<SignedInPage name="lifts" />} />
            <Route path="lifts/new" element={<SignedInPage name="newLift" />} />
            <Route path="lifts/import" element={<SignedInPage name="liftImport" />} />
            <Route path="lifts/:liftId" element={<SignedInPage name="lift" />} />
            <Route path="lifts/:liftId/edit" element={<SignedInPage name="editLift" />} />
            <Route path="lifts/:liftId/visits/:visitId" element={<SignedInPage name="visit" />} />
            <Route path="subscriptions" element={<SignedInPage name="subscriptions" />} />
            <Route path="stats-details/:type/:lower?/:upper?" element={<SignedInPage name="statsDetails" />} />
            <Route path="events" element={<SignedInPage name="events" />} />
            <Route path="events/:eventId" element={<SignedInPage name="event" />} />
            <Route path="admin/*" element={<SignedInPage name="admin" />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
