import { AuditLogPage } from '../../features/administration/components/audit-log-page.tsx';

export function AdminAuditRoute() {
  return <AuditLogPage />;
}
