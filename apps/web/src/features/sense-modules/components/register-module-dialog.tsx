import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { registerModuleSchema, type ModuleWithKey } from '@liftwacht/contracts/sense-modules';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { hasErrorCode, invalidFields, serverFieldErrors } from '../../../lib/form-errors.ts';
import { useRegisterModule } from '../api/register-module.ts';
import { useSeesEveryOrganisation } from '../hooks/use-sees-every-organisation.ts';
import type { LiftOption } from '../lib/lift-option.ts';
import { moduleConflict } from '../lib/module-conflict.ts';
import { ModuleLiftField } from './module-lift-field.tsx';

interface RegisterModuleDialogProps {
  /** An unregistered module's ES number, or '' for a new one. */
  initialEsNumber: string;
  onClose: () => void;
  onRegistered: (answer: ModuleWithKey) => void;
}

type Field = 'esNumber' | 'organisationId' | 'liftId' | 'firmware';
type FieldErrors = Partial<Record<Field, string>>;

/** Registers a module by ES number, for an organisation (system-admin) and optionally in a lift. */
export function RegisterModuleDialog({ initialEsNumber, onClose, onRegistered }: RegisterModuleDialogProps) {
  const { t } = useTranslation('sense-modules');
  const { t: tc } = useTranslation();
  const register = useRegisterModule();
  const everyOrganisation = useSeesEveryOrganisation();
  const organisations = useSession((state) => state.organisationList);
  const [esNumber, setEsNumber] = useState(initialEsNumber);
  const [organisationId, setOrganisationId] = useState('');
  const [lift, setLift] = useState<LiftOption | null>(null);
  const [firmware, setFirmware] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const failed = (error: unknown) => {
    const conflict = moduleConflict(error);
    if (conflict) {
      // A registration conflicts on its lift (taken or decommissioned) or on its ES number.
      setFieldErrors(
        conflict === 'liftRefused' ? { liftId: t('conflict.liftRefused') } : { esNumber: t('register.esNumberTaken') },
      );
      return;
    }
    if (hasErrorCode(error, 'not_found') && lift !== null) {
      setFieldErrors({ liftId: t('register.liftNotFound') });
      return;
    }
    const [field] = Object.entries(serverFieldErrors(error, ['esNumber', 'organisationId', 'liftId', 'firmware']));
    if (field) {
      setFieldErrors({ [field[0]]: t('form.invalidField', { message: field[1] }) });
      return;
    }
    setFormError(t('form.failed', { message: apiErrorMessage(error, tc) }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const checked = registerModuleSchema.safeParse({
      esNumber,
      ...(everyOrganisation && organisationId !== '' ? { organisationId: Number(organisationId) } : {}),
      liftId: lift?.id ?? null,
      firmware: firmware.trim() === '' ? null : firmware,
    });
    const invalid = invalidFields(checked);
    const errors: FieldErrors = {};
    if (invalid.has('esNumber')) errors.esNumber = t('register.esNumberError');
    if (invalid.has('firmware')) errors.firmware = t('register.firmwareError');
    if (everyOrganisation && organisationId === '') errors.organisationId = t('register.organisationError');
    setFieldErrors(errors);
    if (!checked.success || Object.keys(errors).length > 0) return;
    register.mutate(checked.data, { onSuccess: onRegistered, onError: failed });
  };

  return (
    <FormDialog
      title={t('register.title')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('register.submit')}
      cancelLabel={t('form.cancel')}
      pending={register.isPending}
      formError={formError}
    >
      <TextField
        label={t('register.esNumber')}
        name="esNumber"
        value={esNumber}
        onChange={(event) => setEsNumber(event.target.value)}
        error={fieldErrors.esNumber !== undefined}
        helperText={fieldErrors.esNumber}
        required
        autoFocus={initialEsNumber === ''}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 64, autoCapitalize: 'characters', spellCheck: false } }}
      />
      {everyOrganisation ? (
        <SelectField
          label={t('register.organisation')}
          name="organisationId"
          value={organisationId}
          emptyLabel={t('register.organisationChoose')}
          options={organisations.map((organisation) => ({ value: String(organisation.id), label: organisation.name }))}
          onChange={setOrganisationId}
          error={fieldErrors.organisationId !== undefined}
          helperText={fieldErrors.organisationId}
          fullWidth
        />
      ) : null}
      <ModuleLiftField
        label={t('register.lift')}
        value={lift}
        onChange={setLift}
        error={fieldErrors.liftId !== undefined}
        helperText={fieldErrors.liftId ?? t('register.liftHelp')}
        autoFocus={initialEsNumber !== ''}
      />
      <TextField
        label={t('register.firmware')}
        name="firmware"
        value={firmware}
        onChange={(event) => setFirmware(event.target.value)}
        error={fieldErrors.firmware !== undefined}
        helperText={fieldErrors.firmware}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 64 } }}
      />
    </FormDialog>
  );
}
