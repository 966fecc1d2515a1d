import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiftStatusItem } from '@liftwacht/contracts/lifts';
import { formatDateTime, formatIsoDate } from '../../../lib/format-date-time.ts';
import { liftStatusesQueryOptions } from '../api/get-lift-statuses.ts';
import { DetailSection } from './detail-section.tsx';
import { QueryState } from '../../../components/query-state.tsx';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The statuses that hold right now, with since when; the yes/no overview is the stats cards. */
export function CurrentStatusesPanel({ liftId }: { liftId: number }) {
  const { t, i18n } = useTranslation('lifts');
  const query = useQuery(liftStatusesQueryOptions(liftId));
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
          return (
            <>
              {active.length === 0 ? (
                <Typography variant="body2" role="status">
                  {t('currentStatuses.empty')}
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
