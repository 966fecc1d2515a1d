import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { FormError } from '../../../components/form-error.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { conflictCurrent, serverFieldErrors } from '../../../lib/form-errors.ts';
import { useUpdateEscalationSettings } from '../api/escalation-settings.ts';
import {
  checkLimits,
  formFromSettings,
  isChanged,
  limitFields,
  type LimitField,
  type LimitsForm,
} from '../lib/escalation-limits-form.ts';

const labels = { firstMinutes: 'first', secondMinutes: 'second' } as const;
const helps = { firstMinutes: 'firstHelp', secondMinutes: 'secondHelp' } as const;

/**
 * The organisation's two limits, from the version it was read at. Read-only for those who may not
 * change them (the limits of an organisation that granted access); a conflict loads the current ones.
 */
export function EscalationLimitsForm({ settings }: { settings: EscalationSettings }) {
  const { t } = useTranslation('escalations');
  const { t: tc } = useTranslation();
  const update = useUpdateEscalationSettings();
  // What the edit is based on; a save or a conflict moves it to the server's current settings.
  const [base, setBase] = useState(settings);
  const [form, setForm] = useState<LimitsForm>(() => formFromSettings(settings));
  const [errors, setErrors] = useState<Partial<Record<LimitField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const editable = base.editable;

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
          setBase(saved);
          setForm(formFromSettings(saved));
          toast.success(t('saved', { organisation: saved.organisationName }));
        },
        onError: failed,
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="escalation-limits-heading"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}
    >
      <Typography id="escalation-limits-heading" component="h2" variant="h6">
        {t('organisation', { organisation: base.organisationName })}
      </Typography>
      {editable ? null : <Alert severity="info">{t('readOnly', { organisation: base.organisationName })}</Alert>}
      {conflict ? <Alert severity="warning">{t('conflict')}</Alert> : null}
      {limitFields.map((field) => (
        <TextField
          key={field}
          label={t(labels[field])}
          name={field}
          type="number"
          value={form[field]}
          onChange={(event) => setForm((current) => ({ ...current, [field]: event.target.value }))}
          error={errors[field] !== undefined}
          helperText={errors[field] ?? t(helps[field])}
          disabled={!editable}
          required
          slotProps={{ htmlInput: { min: 1, max: escalationMaxMinutes, step: 1, inputMode: 'numeric' } }}
        />
      ))}
      <FormError message={formError} />
      {editable ? (
        <Box>
          <Button type="submit" variant="contained" disabled={!isChanged(form, base) || update.isPending}>
            {update.isPending ? t('saving') : t('save')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
