import { AccessGrantsPage } from '../../features/administration/components/access-grants-page.tsx';

export function AdminAccessRoute() {
  return <AccessGrantsPage />;
}
