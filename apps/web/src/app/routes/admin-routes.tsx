// The four administration pages ("Beheer") as thin routes in one module, so the router loads them as
// one chunk: split per page they would share a dozen small chunks, and the entry would list every
// one of those for preloading — bytes the login route pays for, for pages only administrators open.
import { AccessGrantsPage } from '../../features/administration/components/access-grants-page.tsx';
import { AuditLogPage } from '../../features/administration/components/audit-log-page.tsx';
import { OrganisationsPage } from '../../features/administration/components/organisations-page.tsx';
import { UsersPage } from '../../features/administration/components/users-page.tsx';

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
