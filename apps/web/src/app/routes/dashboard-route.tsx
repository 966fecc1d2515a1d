import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

export function DashboardRoute() {
  return <DashboardPage />;
}
