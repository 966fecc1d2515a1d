import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { GetStartedNotice } from '../../features/get-started/components/get-started-notice.tsx';
import { PeriodSelector } from '../../features/periods/components/period-selector.tsx';
import { ReportDownloadButton } from '../../features/reports/components/report-download-button.tsx';

/**
 * Features never import each other: the route puts the get-started notice, the period selector and
 * the PDF icon on the dashboard.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      notice={<GetStartedNotice />}
      periodSelector={<PeriodSelector />}
      reportAction={<ReportDownloadButton />}
    />
  );
}
