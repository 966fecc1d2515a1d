import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { senseLabelItemSchema, type SenseLabelItem } from '@liftwacht/contracts/sense-labels';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { conflictCurrent, serverFieldErrors } from '../../../lib/form-errors.ts';
import { useSenseLabelMutations } from '../api/sense-labels.ts';
import {
  checkSenseLabel,
  formFromItem,
  maxNameLength,
  maxUnitLength,
  senseLabelFields,
  type SenseLabelField,
  type SenseLabelForm,
} from '../lib/sense-label-form.ts';

interface SenseLabelDialogProps {
  organisationId: number;
  /** The reading to rename; null names another one (its key typed in). */
  item: SenseLabelItem | null;
  onClose: () => void;
}

/** Names a reading from the version it was read at; a conflict loads the current names. */
export function SenseLabelDialog({ organisationId, item, onClose }: SenseLabelDialogProps) {
  const { t } = useTranslation('sense-labels');
  const { t: tc } = useTranslation();
  const { save } = useSenseLabelMutations(organisationId);
  const [base, setBase] = useState(item);
  const [form, setForm] = useState<SenseLabelForm>(() => formFromItem(item));
  const [errors, setErrors] = useState<Partial<Record<SenseLabelField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const failed = (error: unknown) => {
    const current = conflictCurrent(error, senseLabelItemSchema);
    if (current) {
      setBase(current);
      setForm(formFromItem(current));
      setConflict(true);
      return;
    }
    const refused = serverFieldErrors(error, senseLabelFields);
    if (Object.keys(refused).length > 0) {
      setErrors(
        Object.fromEntries(
          Object.entries(refused).map(([field, message]) => [field, t('dialog.refused', { message })]),
        ),
      );
      return;
    }
    setFormError(t('dialog.failed', { message: apiErrorMessage(error, tc) }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setConflict(false);
    const checked = checkSenseLabel(form, base?.own?.version ?? null);
    if (!checked.body) {
      setErrors(
        Object.fromEntries(
          Object.entries(checked.problems).map(([field, problem]) => [field, t(`problems.${problem}`)]),
        ),
      );
      return;
    }
    setErrors({});
    const key = form.key.trim();
    save.mutate(
      { key, body: checked.body },
      {
        onSuccess: () => {
          toast.success(t('dialog.saved', { key }));
          onClose();
        },
        onError: failed,
      },
    );
  };

  const defaults = base?.defaults ?? null;
  const nameHelp = (language: 'nl' | 'en') =>
    defaults ? t('dialog.defaultHelp', { name: defaults[language].name }) : t('dialog.noDefaultHelp');
  const field = (name: SenseLabelField) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name] !== undefined,
  });

  return (
    <FormDialog
      title={item ? t('dialog.title', { key: item.key }) : t('dialog.titleNew')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('dialog.save')}
      cancelLabel={t('dialog.cancel')}
      pending={save.isPending}
      formError={formError}
    >
      {conflict ? <Alert severity="warning">{t('dialog.conflict')}</Alert> : null}
      {item ? null : (
        <TextField
          {...field('key')}
          label={t('dialog.key')}
          helperText={errors.key ?? t('dialog.keyHelp')}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'none', spellCheck: false } }}
        />
      )}
      <TextField
        {...field('nameNl')}
        label={t('dialog.nameNl')}
        helperText={errors.nameNl ?? nameHelp('nl')}
        autoFocus={item !== null}
        slotProps={{ htmlInput: { maxLength: maxNameLength, lang: 'nl' } }}
      />
      <TextField
        {...field('nameEn')}
        label={t('dialog.nameEn')}
        helperText={errors.nameEn ?? nameHelp('en')}
        slotProps={{ htmlInput: { maxLength: maxNameLength, lang: 'en' } }}
      />
      <TextField
        {...field('unit')}
        label={t('dialog.unit')}
        helperText={errors.unit ?? t('dialog.unitHelp')}
        slotProps={{ htmlInput: { maxLength: maxUnitLength } }}
      />
    </FormDialog>
  );
}
