import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiftOnSite } from '@liftwacht/contracts/lift-on-site';
import { paths } from '../../../app/paths.ts';
import { oneLine } from '../../../components/list-entries.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { DetailSection } from './detail-section.tsx';

/**
 * The lift's last five events and visits as two-line rows (issue 41): what happened lately, for a
 * mechanic who has no events list. Events are not links: the event page is not the mechanic's.
 */
export function OnSiteRecent({ summary }: { summary: LiftOnSite }) {
  const { t, i18n } = useTranslation('lifts');
  const { t: te } = useTranslation('events');
  const formatDuration = useFormatDuration();
  const time = (iso: string) => <span style={oneLine}>{formatDateTime(iso, i18n.language)}</span>;

  return (
    <DetailSection title={t('onSite.recentTitle')}>
      <Stack spacing={2}>
        <RecentList title={t('onSite.events.title')} empty={t('onSite.events.none')}>
          {summary.events.map((event) => (
            <ListItem key={event.id} disableGutters>
              <ListItemText
                primary={te(`types.${event.type}`)}
                secondary={
                  <>
                    {time(event.startedAt)} · {formatDuration(event.durationSeconds)} ·{' '}
                    {event.closed ? t('onSite.events.closed') : t('onSite.events.open')}
                  </>
                }
              />
            </ListItem>
          ))}
        </RecentList>
        <RecentList title={t('onSite.visits.title')} empty={t('onSite.visits.none')}>
          {summary.visits.map((visit) => (
            <ListItem key={visit.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={paths.visit(visit.liftId, visit.id)}
                sx={{ minHeight: 44, px: 0 }}
              >
                <ListItemText
                  primary={t(`visits.types.${visit.type}`)}
                  secondary={
                    <>
                      {time(visit.startedAt)} · {t(`visits.states.${visit.state}`)}
                      {visit.person ? ` · ${visit.person}` : ''}
                    </>
                  }
                  slotProps={{ primary: { sx: { color: 'primary.main', textDecoration: 'underline' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </RecentList>
      </Stack>
    </DetailSection>
  );
}

function RecentList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {title}
      </Typography>
      {children.length === 0 ? (
        <Typography variant="body2">{empty}</Typography>
      ) : (
        <List dense disablePadding aria-labelledby={titleId}>
          {children}
        </List>
      )}
    </section>
  );
}
