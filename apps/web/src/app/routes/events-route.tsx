import { EventsPage } from '../../features/events/components/events-page.tsx';

export function EventsRoute() {
  return <EventsPage />;
}
