import { useParams } from 'react-router';
import { LiftDetailPage } from '../../features/lifts/components/lift-detail-page.tsx';

export function LiftRoute() {
  const { liftId = '' } = useParams();
  // Keyed by id so moving to another lift starts from a clean page (paging, live data).
  return <LiftDetailPage key={liftId} liftId={liftId} />;
}
