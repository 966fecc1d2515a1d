import { OrganisationsPage } from '../../features/administration/components/organisations-page.tsx';

export function AdminOrganisationsRoute() {
  return <OrganisationsPage />;
}
