import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Inspection } from '@liftwacht/contracts/inspections';
import { formatIsoDate } from '../../../lib/format-date-time.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { mayRecordInspection } from '../lib/may-record-inspection.ts';
import { downloadCertificate, liftInspectionsQueryOptions } from '../api/inspections.ts';
// In the lift route's own lazy chunk: a further split only lengthens the entry's preload map,
// which counts against the login route's budget.
import { RecordInspectionDialog } from './record-inspection-dialog.tsx';

const amsterdamDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' });
const touchTarget = { minHeight: 44 };

const selectUser = (state: SessionState) => state.user;

/**
 * The lift's inspections with their certificates, and "Keuring vastleggen" for who may record on
 * this lift; everybody else reads who records inspections instead of missing a button.
 */
export function LiftInspectionsPanel({ liftId, organisationId }: { liftId: number; organisationId: number }) {
  const { t, i18n } = useTranslation('inspections');
  const titleId = useId();
  const canRecord = mayRecordInspection(useSession(selectUser), organisationId);
  const [recording, setRecording] = useState(false);
  const query = useQuery(liftInspectionsQueryOptions(liftId));
  const date = (day: string | null) => (day ? formatIsoDate(day, i18n.language) : '—');

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('title')}
        </Typography>
        {canRecord ? (
          <Button variant="contained" onClick={() => setRecording(true)} sx={touchTarget}>
            {t('record.open')}
          </Button>
        ) : null}
      </Stack>
      {canRecord ? null : (
        // The button is not offered to who may not record; this line says who does (issue 41).
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('record.whoRecords')}
        </Typography>
      )}
      {query.data ? (
        <>
          <NextDue nextDue={query.data.nextDue} date={date} />
          {query.data.items.length === 0 ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('empty')}
            </Typography>
          ) : (
            <List aria-label={t('listLabel')}>
              {query.data.items.map((inspection) => (
                <InspectionItem key={inspection.id} inspection={inspection} date={date} />
              ))}
            </List>
          )}
        </>
      ) : query.isError ? (
        <Typography role="alert" variant="body2" sx={{ mt: 1 }}>
          {t('loadFailed')}{' '}
          <Button onClick={() => void query.refetch()} sx={touchTarget}>
            {t('retry')}
          </Button>
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('loading')}
        </Typography>
      )}
      {recording ? (
        <RecordInspectionDialog
          liftId={liftId}
          today={amsterdamDay.format(new Date())}
          onClose={() => setRecording(false)}
        />
      ) : null}
    </Paper>
  );
}

/**
 * When the next inspection is due, and whether that day has passed: a lift past it (never approved
 * within 12 months of commissioning, or its approval ran out) reads "expired", one with neither a
 * commissioning date nor an approval "unknown" — never as fine (docs/dashboard-rules.md).
 */
function NextDue({ nextDue, date }: { nextDue: string | null; date: (day: string | null) => string }) {
  const { t } = useTranslation('inspections');
  const alert = { mt: 1, color: 'error.dark', fontWeight: 500 };
  if (nextDue === null) {
    return (
      <Typography variant="body2" sx={alert}>
        {t('dueUnknown')}
      </Typography>
    );
  }
  if (nextDue < amsterdamDay.format(new Date())) {
    return (
      <Typography variant="body2" sx={alert}>
        {t('overdue', { date: date(nextDue) })}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {t('nextDue', { date: date(nextDue) })}
    </Typography>
  );
}

function InspectionItem({ inspection, date }: { inspection: Inspection; date: (day: string | null) => string }) {
  const { t } = useTranslation('inspections');
  const { certificate } = inspection;
  const secondary = [
    inspection.result === 'approved' ? t('validUntil', { date: date(inspection.validUntil) }) : null,
    inspection.findings,
    inspection.body,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <ListItem disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={`${date(inspection.inspectedOn)} — ${t(`kinds.${inspection.kind}`)}: ${t(`results.${inspection.result}`)}`}
        secondary={secondary || null}
      />
      {certificate ? (
        <Button
          variant="outlined"
          onClick={() => void downloadCertificate(inspection)}
          sx={touchTarget}
          aria-label={t('download', { date: date(inspection.inspectedOn) })}
        >
          {t('certificate')}
        </Button>
      ) : null}
    </ListItem>
  );
}
