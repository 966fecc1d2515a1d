import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { PeriodSelector } from '../../features/periods/components/period-selector.tsx';
import { ReportDownloadButton } from '../../features/reports/components/report-download-button.tsx';

/** Features never import each other: the route puts the period selector and PDF icon on the dashboard. */
export function DashboardRoute() {
  return <DashboardPage periodSelector={<PeriodSelector />} reportAction={<ReportDownloadButton />} />;
}
