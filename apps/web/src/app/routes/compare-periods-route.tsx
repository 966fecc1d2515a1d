import { ComparePeriodsPage } from '../../features/dashboard/components/compare-periods-page.tsx';
import { ComparePeriodsChoice } from '../../features/periods/components/compare-periods-choice.tsx';
import { useComparedPeriods } from '../../features/periods/hooks/use-compared-periods.ts';

/** The periods feature holds the choice and names the periods; the dashboard feature fetches and compares their figures. */
export function ComparePeriodsRoute() {
  const periods = useComparedPeriods();
  return <ComparePeriodsPage comparisons={[periods.comparison]} choice={<ComparePeriodsChoice periods={periods} />} />;
}
