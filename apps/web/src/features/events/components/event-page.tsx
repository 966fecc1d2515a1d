import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { eventQueryOptions } from '../api/get-event.ts';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { parseRouteId } from '../../../lib/route-id.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { EventDetailCard } from './event-detail-card.tsx';

/** Also the target of the notification mails' deep link, so it never redirects on its own. */
export function EventPage({ eventId }: { eventId: string }) {
  const { t } = useTranslation('events');
  const allowed = usePermission('events.view');
  const id = parseRouteId(eventId);
  return (
    <PageContainer>
      <PageTitle title={t('detail.title', { id: eventId })} />
      <Button component={RouterLink} to={paths.events} sx={{ mb: 2 }}>
        {t('detail.back')}
      </Button>
      {!allowed ? (
        <Typography role="status">{t('noAccess')}</Typography>
      ) : id === null ? (
        <Typography role="status">{t('detail.invalidId')}</Typography>
      ) : (
        <EventDetailLoader eventId={id} />
      )}
    </PageContainer>
  );
}

const selectOrganisationId = (state: SessionState) => state.organisationId;

function EventDetailLoader({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events');
  const query = useQuery(eventQueryOptions(eventId));
  // An open event follows its end, and the calls and visits that join it, as the dashboard does;
  // a closed one is settled and is not fetched again on every push of its organisation.
  const organisationId = useSession(selectOrganisationId);
  const open = query.data !== undefined && !query.data.closed;
  useRefetchOnOrganisationChange(
    open ? organisationId : null,
    [eventQueryOptions(eventId).queryKey],
    ['events', 'calls', 'visits'],
  );
  return (
    <EntityQueryState query={query} notFoundText={t('detail.notFound')}>
      {(event) => <EventDetailCard event={event} />}
    </EntityQueryState>
  );
}
