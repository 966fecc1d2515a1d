import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@liftwacht/contracts/visits';
import { FormError } from '../../../components/form-error.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useKeyedSubmit } from '../../../lib/use-keyed-submit.ts';

interface OpenVisitCardProps {
  visit: Visit;
  onEnd: (remarks: string, key: string) => Promise<unknown>;
  onCancel: (key: string) => Promise<unknown>;
}

/** A visit in progress: remarks and "Finish", or "Cancel"; a failure stays with a retry. */
export function OpenVisitCard({ visit, onEnd, onCancel }: OpenVisitCardProps) {
  const { t, i18n } = useTranslation('lifts');
  const { t: tc } = useTranslation();
  const [remarks, setRemarks] = useState('');
  const end = useKeyedSubmit((key) => onEnd(remarks, key));
  const cancel = useKeyedSubmit(onCancel);
  const pending = end.isPending || cancel.isPending;
  const error = end.error ?? cancel.error;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void end.run();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={t('recording.openTitle', { type: t(`visits.types.${visit.type}`) })}
      >
        <Stack spacing={1.5}>
          <Typography variant="subtitle1" component="h3">
            {t('recording.openTitle', { type: t(`visits.types.${visit.type}`) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('recording.openSince', {
              role: t(`visits.roles.${visit.role}`),
              person: visit.person ?? t('details.notSet'),
              since: formatDateTime(visit.startedAt, i18n.language),
            })}
          </Typography>
          <TextField
            label={t('recording.remarks')}
            name="remarks"
            multiline
            minRows={2}
            fullWidth
            value={remarks}
            onChange={(event) => {
              setRemarks(event.target.value);
              end.renew();
            }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <FormError message={error ? t('recording.failed', { message: apiErrorMessage(error, tc) }) : null} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button color="inherit" disabled={pending} onClick={() => void cancel.run()} sx={{ minHeight: 44 }}>
              {cancel.error ? t('recording.retryCancel') : t('recording.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={pending} sx={{ minHeight: 44 }}>
              {end.error ? t('recording.retry') : t('recording.finish')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
