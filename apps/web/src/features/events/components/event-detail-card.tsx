import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from '@liftwacht/contracts/events';
import { paths } from '../../../app/paths.ts';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { EventRelatedCalls } from './event-related-calls.tsx';
import { EventRelatedVisits } from './event-related-visits.tsx';

/** The single event (spec §2 /events/{eventId}): what, where, when, and what happened meanwhile. */
export function EventDetailCard({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation('events');
  const formatDuration = useFormatDuration();
  const rows: [string, React.ReactNode][] = [
    [
      t('fields.lift'),
      <Link key="lift" component={RouterLink} to={paths.lift(event.lift.id)}>
        {event.lift.name}
      </Link>,
    ],
    [t('fields.floor'), event.floor ?? t('notSet')],
    [t('fields.startedAt'), formatDateTimeWithSeconds(event.startedAt, i18n.language)],
    [t('fields.endedAt'), formatDateTimeWithSeconds(event.endedAt, i18n.language)],
    [t('fields.duration'), formatDuration(event.durationSeconds)],
    [t('fields.status'), event.closed ? t('status.closed') : t('status.open')],
  ];
  return (
    <Card component="article" variant="outlined" aria-labelledby="event-detail-type">
      <CardContent>
        <Typography id="event-detail-type" variant="h5" component="h2" gutterBottom>
          {t(`types.${event.type}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {event.lift.address}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 500 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <EventRelatedCalls calls={event.calls} />
        <EventRelatedVisits visits={event.visits} />
      </CardContent>
    </Card>
  );
}
