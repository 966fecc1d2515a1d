import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isoDateSchema } from '@liftwacht/contracts/common';
import { firstDate, lastDate } from '@liftwacht/contracts/periods';
import type { Lift } from '@liftwacht/contracts/lifts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { formatIsoDate } from '../../../lib/format-date-time.ts';
import { serverField } from '../../../lib/form-errors.ts';
import { nonBlank } from '../../../lib/non-blank.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { useSaveLift } from '../api/save-lift.ts';
import { amsterdamToday } from '../lib/amsterdam-date.ts';
import { useLiftSaveProblem } from '../hooks/use-lift-save-problem.ts';

interface DecommissionDialogProps {
  lift: Lift;
  onClose: () => void;
}

/** Decommissions a lift (docs/glossary.md) from a day, today unless chosen otherwise; its history stays. */
export function DecommissionDialog({ lift, onClose }: DecommissionDialogProps) {
  const { t, i18n } = useTranslation('lifts');
  const { update } = useSaveLift();
  const [date, setDate] = useState(() => amsterdamToday(new Date()));
  const [dateError, setDateError] = useState<string | null>(null);
  const { problem, report, clear } = useLiftSaveProblem();
  const name = nonBlank(lift.details.liftname) ?? t('detail.title', { id: lift.id });

  const decommission = useAsyncAction(async (day: string) => {
    try {
      await update(lift.id, { decommissionedOn: day, version: lift.version });
      toast.success(t('decommission.done', { name, date: formatIsoDate(day, i18n.language) }));
      onClose();
    } catch (error) {
      // Not before the lift was commissioned: the date's own problem.
      if (serverField(error, ['decommissionedOn']) !== null) {
        setDateError(t('decommission.beforeCommissioned', { date: formatIsoDate(lift.commissionedOn, i18n.language) }));
      } else {
        report(error);
      }
    }
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    const valid = isoDateSchema.safeParse(date).success;
    setDateError(valid ? null : t('decommission.dateError'));
    if (!valid) return;
    void decommission.run(date);
  };

  return (
    <FormDialog
      title={t('decommission.title', { name })}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('decommission.submit')}
      cancelLabel={t('decommission.cancel')}
      pending={decommission.isPending}
      formError={problem}
    >
      <Typography variant="body2">{t('decommission.intro')}</Typography>
      <TextField
        label={t('decommission.date')}
        name="decommissionedOn"
        type="date"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        error={dateError !== null}
        helperText={dateError}
        required
        autoFocus
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: firstDate, max: lastDate } }}
      />
    </FormDialog>
  );
}
