import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiftStatusItem } from '@liftwacht/contracts/lifts';
import { formatDateTime, formatIsoDate } from '../../../lib/format-date-time.ts';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import { liftStatusesQueryOptions } from '../api/get-lift-statuses.ts';
import { DetailSection } from './detail-section.tsx';
import { QueryState } from '../../../components/query-state.tsx';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

interface CurrentStatusesPanelProps {
  liftId: number;
  /** The lift's organisation: a pushed change there (an outage opened or closed) refetches at once. */
  organisationId: number;
  /** Without a module nothing reports whether the lift is in service: that is unknown, not fine. */
  hasModule: boolean;
}

/**
 * The statuses that hold right now, with since when; the yes/no overview is the stats cards. It
 * follows the organisation's pushes like the dashboard, so it never says "nothing" for a minute
 * while the live alerts beside it say the lift is out of service; and when nothing holds, it names
 * what it checked (a role may see only some statuses) instead of reading as "all is well".
 */
export function CurrentStatusesPanel({ liftId, organisationId, hasModule }: CurrentStatusesPanelProps) {
  const { t, i18n } = useTranslation('lifts');
  const query = useQuery(liftStatusesQueryOptions(liftId));
  useRefetchOnOrganisationChange(organisationId, [liftStatusesQueryOptions(liftId).queryKey]);
  const since = (item: LiftStatusItem) => {
    if (item.since === null) return null;
    const date = isDate(item.since)
      ? formatIsoDate(item.since, i18n.language)
      : formatDateTime(item.since, i18n.language);
    return t('currentStatuses.since', { date });
  };

  return (
    <DetailSection title={t('currentStatuses.title')}>
      <QueryState query={query}>
        {(data) => {
          const active = data.statuses.filter((item) => item.active);
          const rides = data.statuses.find((item) => item.status === 'servicecounterMaintenanceAlert')?.value;
          const checksService = data.statuses.some((item) => item.status === 'liftUnavailable');
          const checked = data.statuses.map((item) => t(`statuses.${item.status}`)).join(', ');
          return (
            <>
              {!hasModule && checksService ? (
                <Typography variant="body2" role="note" sx={{ fontWeight: 500, mb: 1 }}>
                  {t('currentStatuses.serviceUnknown')}
                </Typography>
              ) : null}
              {active.length === 0 ? (
                <Typography variant="body2" role="status">
                  {t('currentStatuses.empty', { statuses: checked })}
                </Typography>
              ) : (
                <List dense disablePadding aria-label={t('currentStatuses.title')}>
                  {active.map((item) => (
                    <ListItem key={item.status} disableGutters>
                      <ListItemText
                        primary={t(`statuses.${item.status}`)}
                        secondary={since(item)}
                        slotProps={{ primary: { sx: { color: 'error.dark', fontWeight: 500 } } }}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
              {rides !== undefined && rides !== null ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('currentStatuses.ridesSinceMaintenance', {
                    rides: new Intl.NumberFormat(i18n.language).format(rides),
                  })}
                </Typography>
              ) : null}
              <Typography variant="caption" color="text.secondary">
                {t('currentStatuses.updated', { time: formatDateTime(data.at, i18n.language) })}
              </Typography>
            </>
          );
        }}
      </QueryState>
    </DetailSection>
  );
}
