import { CurrentCallsPage } from '../../features/calls/components/current-calls-page.tsx';

export function CurrentCallsRoute() {
  return <CurrentCallsPage />;
}
