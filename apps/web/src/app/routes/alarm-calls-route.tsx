import { AlarmCallsPage } from '../../features/calls/components/alarm-calls-page.tsx';

export function AlarmCallsRoute() {
  return <AlarmCallsPage />;
}
