import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CallDetail } from '@liftwacht/contracts/call-actions';
import { FieldList } from '../../../components/field-list.tsx';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';

/** Where the call stands: lift, status, times, who acknowledged it and whom it is assigned to. */
export function CallSummary({ call }: { call: CallDetail }) {
  const { t, i18n } = useTranslation('calls');
  const formatDuration = useFormatDuration();
  const when = (iso: string | null) => formatDateTimeWithSeconds(iso, i18n.language);
  const rows: [string, string][] = [
    [t('fields.lift'), `${call.lift.name}, ${call.lift.address}`],
    [t('fields.kind'), t(`kinds.${call.kind}`)],
    [t('fields.receivedAt'), when(call.startedAt)],
    [
      t('fields.acknowledgedAt'),
      call.acknowledgedAt && call.acknowledgedBy
        ? t('handling.byPerson', { when: when(call.acknowledgedAt), person: call.acknowledgedBy })
        : when(call.acknowledgedAt),
    ],
    [t('handling.assignee'), call.assignee?.name ?? t('handling.unassigned')],
    [t('handling.freedAt'), when(call.passengerFreedAt)],
    [t('fields.endedAt'), when(call.endedAt)],
    [t('fields.duration'), formatDuration(call.runningSeconds)],
  ];
  return (
    <Stack spacing={1}>
      <Typography
        variant="subtitle1"
        component="p"
        sx={{ fontWeight: 600, color: call.status === 'received' ? 'error.main' : 'text.primary' }}
      >
        {t(`statuses.${call.status}`)}
      </Typography>
      <FieldList fields={rows.map(([label, value]) => ({ label, value }))} />
    </Stack>
  );
}
