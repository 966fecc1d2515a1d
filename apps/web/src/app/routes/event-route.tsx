import { useParams } from 'react-router';
import { EventPage } from '../../features/events/components/event-page.tsx';

export function EventRoute() {
  const { eventId = '' } = useParams();
  // Keyed by id so moving between events starts from a clean page.
  return <EventPage key={eventId} eventId={eventId} />;
}
