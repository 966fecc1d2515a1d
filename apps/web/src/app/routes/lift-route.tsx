import { useParams } from 'react-router';
import { LiftDetailPage } from '../../features/lifts/components/lift-detail-page.tsx';
import { PeriodSelector } from '../../features/periods/components/period-selector.tsx';

/** Features never import each other's pages: the route puts the period selector on the lift page. */
export function LiftRoute() {
  const { liftId = '' } = useParams();
  // Keyed by id so moving to another lift starts from a clean page (paging, live data).
  return <LiftDetailPage key={liftId} liftId={liftId} periodSelector={<PeriodSelector />} />;
}
