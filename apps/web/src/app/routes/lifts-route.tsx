import { LiftsPage } from '../../features/lifts/components/lifts-page.tsx';

export function LiftsRoute() {
  return <LiftsPage />;
}
