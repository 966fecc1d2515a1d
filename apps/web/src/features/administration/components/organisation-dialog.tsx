import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  adminOrganisationSchema,
  createOrganisationSchema,
  type AdminOrganisation,
} from '@liftwacht/contracts/administration';
import { organisationTypes } from '@liftwacht/contracts/organisations';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useCreateOrganisation } from '../api/create-organisation.ts';
import { useUpdateOrganisation } from '../api/update-organisation.ts';
import type { OrganisationType } from '../lib/organisation-list-params.ts';
import { conflictCurrent, hasErrorCode, invalidFields, serverFieldErrors } from '../../../lib/form-errors.ts';
import { invalidFieldMessages } from '../lib/invalid-field-messages.ts';
import { SelectField } from '../../../components/select-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface OrganisationDialogProps {
  /** null creates a new organisation. */
  organisation: AdminOrganisation | null;
  onClose: () => void;
}

interface FieldErrors {
  name?: string;
  type?: string;
}

/** Creates an organisation, or renames it and changes its type from the version it was opened at. */
export function OrganisationDialog({ organisation, onClose }: OrganisationDialogProps) {
  const { t } = useTranslation('administration');
  const { t: tc } = useTranslation();
  const create = useCreateOrganisation();
  const update = useUpdateOrganisation();
  const [name, setName] = useState(organisation?.name ?? '');
  const [type, setType] = useState<OrganisationType>(organisation?.type ?? 'client');
  // What the edit is based on; a conflict moves it to the server's current object.
  const [base, setBase] = useState(organisation);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const pending = create.isPending || update.isPending;

  const failed = (error: unknown) => {
    // Grants hold the type (a company serving others, an organisation served by one): say so at
    // the field, not as someone else's edit.
    if (isApiError(error) && error.status === 409 && error.field === 'type') {
      setFieldErrors({ type: t('organisations.typeHeldByGrants') });
      return;
    }
    const current = conflictCurrent(error, adminOrganisationSchema);
    if (current) {
      setBase(current);
      setName(current.name);
      setType(current.type);
      setConflict(true);
      return;
    }
    if (base === null && hasErrorCode(error, 'conflict')) {
      setFieldErrors({ name: t('organisations.nameTaken') });
      return;
    }
    const refused = serverFieldErrors(error, ['name', 'type']);
    if (Object.keys(refused).length > 0) {
      setFieldErrors(invalidFieldMessages(refused, t));
      return;
    }
    setFormError(t('form.failed', { message: apiErrorMessage(error, tc) }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setConflict(false);
    const checked = createOrganisationSchema.safeParse({ name, type });
    const invalid = invalidFields(checked);
    setFieldErrors(invalid.has('name') ? { name: t('organisations.nameError') } : {});
    if (!checked.success) return;
    const done = (saved: AdminOrganisation, message: 'organisations.created' | 'organisations.updated') => {
      toast.success(t(message, { name: saved.name }));
      onClose();
    };
    if (base === null) {
      create.mutate(checked.data, { onSuccess: (saved) => done(saved, 'organisations.created'), onError: failed });
      return;
    }
    // Only what changed travels, with the version the form shows.
    const body = {
      ...(checked.data.name !== base.name ? { name: checked.data.name } : {}),
      ...(checked.data.type !== base.type ? { type: checked.data.type } : {}),
      version: base.version,
    };
    update.mutate(
      { id: base.id, body },
      { onSuccess: (saved) => done(saved, 'organisations.updated'), onError: failed },
    );
  };

  return (
    <FormDialog
      title={organisation === null ? t('organisations.createTitle') : t('organisations.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('form.save')}
      cancelLabel={t('form.cancel')}
      pending={pending}
      formError={formError}
    >
      {conflict ? <Alert severity="warning">{t('form.conflict')}</Alert> : null}
      <TextField
        label={t('organisations.name')}
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name !== undefined}
        helperText={fieldErrors.name}
        required
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <SelectField
        label={t('organisations.type')}
        name="type"
        value={type}
        options={organisationTypes.map((value) => ({ value, label: t(`organisationTypes.${value}`) }))}
        onChange={(value) => setType(value as OrganisationType)}
        error={fieldErrors.type !== undefined}
        // What the chosen type means for the organisation's lifts and people, so it is chosen knowingly.
        helperText={fieldErrors.type ?? t(`organisationTypeHelp.${type}`)}
        fullWidth
      />
    </FormDialog>
  );
}
