import { OrganisationReportPage } from '../../features/reports/components/organisation-report-page.tsx';

export function OrganisationReportRoute() {
  return <OrganisationReportPage />;
}
