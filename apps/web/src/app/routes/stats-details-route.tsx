import { StatsDetailsPage } from '../../features/dashboard/components/stats-details-page.tsx';

export function StatsDetailsRoute() {
  return <StatsDetailsPage />;
}
