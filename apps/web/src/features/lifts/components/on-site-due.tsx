import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiftOnSite } from '@liftwacht/contracts/lift-on-site';
import { formatIsoDate } from '../../../lib/format-date-time.ts';

/** The states that ask for action now, shown in the error colour; a missing record is one of them. */
const urgent = new Set(['expired', 'rejected', 'unknown', 'overdue', 'insufficient']);

/** What is due on the lift: its inspection and its maintenance, by date and by the ride counter. */
export function OnSiteDue({ due }: { due: LiftOnSite['due'] }) {
  const { t, i18n } = useTranslation('lifts');
  const titleId = useId();
  const date = (day: string | null) => formatIsoDate(day, i18n.language);
  const { inspection, maintenance } = due;

  const inspectionLine =
    inspection.state === 'rejected'
      ? t('onSite.due.inspection.rejected', { date: date(inspection.lastInspectedOn) })
      : t(`onSite.due.inspection.${inspection.state}`, { date: date(inspection.dueOn) });
  const inspectionDetail =
    inspection.lastInspectedOn !== null && inspection.state !== 'rejected'
      ? t('onSite.due.inspection.last', { date: date(inspection.lastInspectedOn) })
      : null;

  const maintenanceDetail = [
    maintenance.lastVisitOn !== null
      ? t('onSite.due.maintenance.lastVisit', { date: date(maintenance.lastVisitOn) })
      : t(`onSite.due.maintenance.noVisit.${maintenance.basis === 'commissioned' ? 'commissioned' : 'created'}`),
    t('onSite.due.maintenance.rides', {
      rides: new Intl.NumberFormat(i18n.language).format(maintenance.ridesSince),
      threshold: new Intl.NumberFormat(i18n.language).format(maintenance.rideThreshold),
    }),
  ].join(' · ');

  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {t('onSite.due.title')}
      </Typography>
      <List dense disablePadding aria-labelledby={titleId}>
        <DueItem primary={inspectionLine} secondary={inspectionDetail} urgent={urgent.has(inspection.state)} />
        <DueItem
          primary={t(`onSite.due.maintenance.${maintenance.state}`, { date: date(maintenance.dueOn) })}
          secondary={maintenanceDetail}
          urgent={urgent.has(maintenance.state)}
        />
        {maintenance.ridesExceeded ? <DueItem primary={t('onSite.due.maintenance.ridesExceeded')} urgent /> : null}
      </List>
    </section>
  );
}

function DueItem({ primary, secondary, urgent }: { primary: string; secondary?: string | null; urgent: boolean }) {
  return (
    <ListItem disableGutters>
      <ListItemText
        primary={primary}
        secondary={secondary}
        slotProps={{ primary: { sx: urgent ? { color: 'error.dark', fontWeight: 500 } : undefined } }}
      />
    </ListItem>
  );
}
