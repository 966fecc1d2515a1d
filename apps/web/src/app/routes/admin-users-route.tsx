import { UsersPage } from '../../features/administration/components/users-page.tsx';

export function AdminUsersRoute() {
  return <UsersPage />;
}
