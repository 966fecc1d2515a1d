import { ComparePeriodsPage } from '../../features/dashboard/components/compare-periods-page.tsx';
import { useComparisonPeriods } from '../../features/periods/hooks/use-comparison-periods.ts';

/** The periods feature names the periods; the dashboard feature fetches and compares their figures. */
export function ComparePeriodsRoute() {
  const comparisons = useComparisonPeriods();
  return <ComparePeriodsPage comparisons={comparisons} />;
}
