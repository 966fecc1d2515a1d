import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Call } from '@liftwacht/contracts/calls';
import type { LiftOnSite, OnSiteEvent, OnSiteService } from '@liftwacht/contracts/lift-on-site';
import { formatDateTime, formatIsoDate } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { DetailSection } from './detail-section.tsx';
import { OnSiteDue } from './on-site-due.tsx';

/** A date and time that never breaks over two lines on a phone: its spaces do not break. */
const oneLine = (iso: string, language: string): string => formatDateTime(iso, language).replace(/ /g, '\u00a0');

const serviceSeverity = {
  out_of_service: 'error',
  in_service: 'success',
  decommissioned: 'info',
  unknown: 'warning',
} as const;

/**
 * What the mechanic on site sees first (issue 41): in or out of service and since when, the alarm
 * call still open, the open faults with their EN 627 names, and what is due. The lift's own state,
 * not the fleet's dashboard cards.
 */
export function OnSiteSummary({ summary }: { summary: LiftOnSite }) {
  const { t, i18n } = useTranslation('lifts');
  return (
    <DetailSection title={t('onSite.title')}>
      <Stack spacing={2}>
        <ServiceState service={summary.service} at={summary.at} />
        {summary.call ? <OpenCall call={summary.call} /> : null}
        <OpenFaults faults={summary.faults} />
        <OnSiteDue due={summary.due} />
        <Typography variant="caption" color="text.secondary">
          {t('onSite.updated', { time: formatDateTime(summary.at, i18n.language) })}
        </Typography>
      </Stack>
    </DetailSection>
  );
}

function ServiceState({ service, at }: { service: OnSiteService; at: string }) {
  const { t, i18n } = useTranslation('lifts');
  const { t: te } = useTranslation('events');
  const formatDuration = useFormatDuration();
  const since = (() => {
    if (service.since === null) return service.state === 'unknown' ? t('onSite.service.unknownHelp') : null;
    if (service.state === 'decommissioned') {
      return t('onSite.service.sinceDay', { date: formatIsoDate(service.since, i18n.language) });
    }
    const seconds = (Date.parse(at) - Date.parse(service.since)) / 1000;
    return t('onSite.service.since', {
      time: oneLine(service.since, i18n.language),
      duration: formatDuration(seconds),
    });
  })();
  return (
    <Alert severity={serviceSeverity[service.state]} role="status">
      <AlertTitle sx={{ mb: since || service.cause ? 0.5 : 0 }}>
        {t(`onSite.service.states.${service.state}`)}
      </AlertTitle>
      {since ? <Typography variant="body2">{since}</Typography> : null}
      {service.cause ? (
        <Typography variant="body2">{t('onSite.service.cause', { cause: te(`types.${service.cause}`) })}</Typography>
      ) : null}
    </Alert>
  );
}

function OpenCall({ call }: { call: Call }) {
  const { t, i18n } = useTranslation('lifts');
  const { t: tc } = useTranslation('calls');
  const time = (iso: string) => oneLine(iso, i18n.language);
  const lines = [
    t('onSite.call.received', { kind: tc(`kinds.${call.kind}`), time: time(call.startedAt) }),
    call.acknowledgedAt
      ? t('onSite.call.acknowledged', { time: time(call.acknowledgedAt) })
      : t('onSite.call.notAcknowledged'),
    call.assignee ? t('onSite.call.assignee', { name: call.assignee.name }) : null,
    call.passengerFreedAt ? t('onSite.call.freed', { time: time(call.passengerFreedAt) }) : null,
  ].filter((line) => line !== null);
  return (
    <Alert severity="warning" role="status">
      <AlertTitle>{t('onSite.call.title', { status: tc(`statuses.${call.status}`) })}</AlertTitle>
      {lines.map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
    </Alert>
  );
}

function OpenFaults({ faults }: { faults: LiftOnSite['faults'] }) {
  const { t } = useTranslation('lifts');
  const titleId = useId();
  const more = faults.total - faults.items.length;
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {t('onSite.faults.title', { total: faults.total })}
      </Typography>
      {faults.items.length === 0 ? (
        <Typography variant="body2">{t('onSite.faults.none')}</Typography>
      ) : (
        <List dense disablePadding aria-labelledby={titleId}>
          {faults.items.map((fault) => (
            <FaultItem key={fault.id} fault={fault} />
          ))}
        </List>
      )}
      {more > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('onSite.faults.more', { number: more })}
        </Typography>
      ) : null}
    </section>
  );
}

function FaultItem({ fault }: { fault: OnSiteEvent }) {
  const { t, i18n } = useTranslation('lifts');
  const { t: te } = useTranslation('events');
  const formatDuration = useFormatDuration();
  const secondary = [
    fault.floor !== null ? t('onSite.faults.floor', { floor: fault.floor }) : null,
    t('onSite.faults.since', {
      time: oneLine(fault.startedAt, i18n.language),
      duration: formatDuration(fault.durationSeconds),
    }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <ListItem disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
      <ListItemText
        primary={te(`types.${fault.type}`)}
        secondary={secondary}
        slotProps={{ primary: { sx: { color: 'error.dark', fontWeight: 500 } } }}
      />
      {fault.type.startsWith('en627_') ? (
        <Chip size="small" variant="outlined" label={t('onSite.faults.en627')} />
      ) : null}
    </ListItem>
  );
}
