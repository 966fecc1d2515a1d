import { useParams } from 'react-router';
import { VisitPage } from '../../features/lifts/components/visit-page.tsx';

export function VisitRoute() {
  const { liftId = '', visitId = '' } = useParams();
  return <VisitPage key={visitId} liftId={liftId} visitId={visitId} />;
}
