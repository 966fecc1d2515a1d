import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  escalationMaxMinutes,
  escalationSettingsSchema,
  type EscalationSettings,
} from '@liftwacht/contracts/escalations';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { conflictCurrent, serverFieldErrors } from '../../../lib/form-errors.ts';
import { useUpdateEscalationSettings } from '../api/escalation-settings.ts';
import {
  checkLimits,
  formFromSettings,
  limitFields,
  type LimitField,
  type LimitsForm,
} from '../lib/escalation-limits-form.ts';

const labels = { firstMinutes: 'first', secondMinutes: 'second' } as const;
const helps = { firstMinutes: 'firstHelp', secondMinutes: 'secondHelp' } as const;

interface EscalationLimitsDialogProps {
  settings: EscalationSettings;
  onClose: () => void;
}

/** Changes the organisation's two limits from the version they were read at; a conflict loads the current ones. */
export function EscalationLimitsDialog({ settings, onClose }: EscalationLimitsDialogProps) {
  const { t } = useTranslation('escalations');
  const { t: tc } = useTranslation();
  const update = useUpdateEscalationSettings();
  // What the edit is based on; a conflict moves it to the server's current settings.
  const [base, setBase] = useState(settings);
  const [form, setForm] = useState<LimitsForm>(() => formFromSettings(settings));
  const [errors, setErrors] = useState<Partial<Record<LimitField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const failed = (error: unknown) => {
    const current = conflictCurrent(error, escalationSettingsSchema);
    if (current) {
      setBase(current);
      setForm(formFromSettings(current));
      setConflict(true);
      return;
    }
    const refused = serverFieldErrors(error, limitFields);
    if (Object.keys(refused).length > 0) {
      setErrors(
        Object.fromEntries(Object.entries(refused).map(([field, message]) => [field, t('refused', { message })])),
      );
      return;
    }
    setFormError(t('failed', { message: apiErrorMessage(error, tc) }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setConflict(false);
    const checked = checkLimits(form, base.version);
    if (!checked.body) {
      setErrors(Object.fromEntries(Object.entries(checked.problems).map(([field, problem]) => [field, t(problem)])));
      return;
    }
    setErrors({});
    update.mutate(
      { organisationId: base.organisationId, body: checked.body },
      {
        onSuccess: (saved) => {
          toast.success(t('saved', { organisation: saved.organisationName }));
          onClose();
        },
        onError: failed,
      },
    );
  };

  return (
    <FormDialog
      title={t('title', { organisation: base.organisationName })}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('save')}
      cancelLabel={t('cancel')}
      pending={update.isPending}
      formError={formError}
    >
      <Typography variant="body2">{t('intro')}</Typography>
      {conflict ? <Alert severity="warning">{t('conflict')}</Alert> : null}
      {limitFields.map((field, index) => (
        <TextField
          key={field}
          label={t(labels[field])}
          name={field}
          type="number"
          value={form[field]}
          onChange={(event) => setForm((current) => ({ ...current, [field]: event.target.value }))}
          error={errors[field] !== undefined}
          helperText={errors[field] ?? t(helps[field])}
          required
          autoFocus={index === 0}
          slotProps={{ htmlInput: { min: 1, max: escalationMaxMinutes, step: 1, inputMode: 'numeric' } }}
        />
      ))}
    </FormDialog>
  );
}
