// The administration pages ("Beheer") route among themselves in one module, so the router loads
// them as one chunk and lists one route for them: split per page they would share a dozen small
// chunks, and every route and chunk the entry lists is bytes the login route pays for, for pages
// only administrators open.
import { lazy } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { AccessGrantsPage } from '../../features/administration/components/access-grants-page.tsx';
import { AuditLogPage } from '../../features/administration/components/audit-log-page.tsx';
import { OrganisationsPage } from '../../features/administration/components/organisations-page.tsx';
import { UsersPage } from '../../features/administration/components/users-page.tsx';
import { GetStartedPage } from '../../features/get-started/components/get-started-page.tsx';
import { ModuleByEsPage } from '../../features/sense-modules/components/module-by-es-page.tsx';
import { ModulePage } from '../../features/sense-modules/components/module-page.tsx';
import { ModulesPage } from '../../features/sense-modules/components/modules-page.tsx';
import { SenseLabelsPage } from '../../features/sense-labels/components/sense-labels-page.tsx';
import { WebhookPage } from '../../features/webhooks/components/webhook-page.tsx';
import { WebhooksPage } from '../../features/webhooks/components/webhooks-page.tsx';

// Lazy as in the router, so both share its chunk (a static import here would split it in two, and
// each chunk name is bytes in the entry's preload map, which the login route pays for).
const NotFoundRoute = lazy(() => import('./not-found-route.tsx').then((m) => ({ default: m.NotFoundRoute })));

/** Everything under /admin/. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="organisations" element={<OrganisationsPage />} />
      <Route path="users" element={<UsersPage />} />
      <Route path="access" element={<AccessGrantsPage />} />
      <Route path="audit-log" element={<AuditLogPage />} />
      <Route path="get-started" element={<GetStartedPage />} />
      <Route path="modules" element={<ModulesPage />} />
      <Route path="modules/:moduleId" element={<AdminModuleRoute />} />
      <Route path="modules/es/:esNumber" element={<AdminModuleByEsRoute />} />
      <Route path="sense-labels" element={<SenseLabelsPage />} />
      <Route path="webhooks" element={<WebhooksPage />} />
      <Route path="webhooks/:webhookId" element={<AdminWebhookRoute />} />
      <Route path="*" element={<NotFoundRoute inShell />} />
    </Routes>
  );
}

function AdminModuleRoute() {
  const { moduleId = '' } = useParams();
  // Keyed by id so moving between modules starts from a clean page (no dialog left open).
  return <ModulePage key={moduleId} moduleId={moduleId} />;
}

/** The lift page knows its module by ES number only. */
function AdminModuleByEsRoute() {
  const { esNumber = '' } = useParams();
  return <ModuleByEsPage key={esNumber} esNumber={esNumber} />;
}

function AdminWebhookRoute() {
  const { webhookId = '' } = useParams();
  return <WebhookPage key={webhookId} webhookId={webhookId} />;
}
