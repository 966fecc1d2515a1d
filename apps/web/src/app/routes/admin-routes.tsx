// The administration pages ("Beheer") as thin routes in one module, so the router loads them as
// one chunk: split per page they would share a dozen small chunks, and the entry would list every
// one of those for preloading — bytes the login route pays for, for pages only administrators open.
import { useParams } from 'react-router';
import { AccessGrantsPage } from '../../features/administration/components/access-grants-page.tsx';
import { AuditLogPage } from '../../features/administration/components/audit-log-page.tsx';
import { OrganisationsPage } from '../../features/administration/components/organisations-page.tsx';
import { UsersPage } from '../../features/administration/components/users-page.tsx';
import { ModuleByEsPage } from '../../features/sense-modules/components/module-by-es-page.tsx';
import { ModulePage } from '../../features/sense-modules/components/module-page.tsx';
import { ModulesPage } from '../../features/sense-modules/components/modules-page.tsx';

export function AdminOrganisationsRoute() {
  return <OrganisationsPage />;
}

export function AdminUsersRoute() {
  return <UsersPage />;
}

export function AdminAccessRoute() {
  return <AccessGrantsPage />;
}

export function AdminAuditRoute() {
  return <AuditLogPage />;
}

export function AdminModulesRoute() {
  return <ModulesPage />;
}

export function AdminModuleRoute() {
  const { moduleId = '' } = useParams();
  // Keyed by id so moving between modules starts from a clean page (no dialog left open).
  return <ModulePage key={moduleId} moduleId={moduleId} />;
}

export function AdminModuleByEsRoute() {
  const { esNumber = '' } = useParams();
  return <ModuleByEsPage key={esNumber} esNumber={esNumber} />;
}
