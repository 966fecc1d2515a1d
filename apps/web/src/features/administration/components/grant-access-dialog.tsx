import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminOrganisation } from '@liftwacht/contracts/administration';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useCreateAccessGrant } from '../api/create-access-grant.ts';
import { hasErrorCode, serverFieldError } from '../../../lib/submit-problem.ts';
import { OrganisationSelect } from './organisation-select.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';

/** Only maintenance and inspection companies serve other organisations (the server's rule). */
const servesOthers = (organisation: AdminOrganisation) =>
  organisation.type === 'maintenance' || organisation.type === 'inspection';

interface GrantAccessDialogProps {
  onClose: () => void;
}

interface FieldErrors {
  organisationId?: string;
  accessibleOrganisationId?: string;
}

/** Lets a maintenance or inspection company see a client's lifts. */
export function GrantAccessDialog({ onClose }: GrantAccessDialogProps) {
  const { t } = useTranslation('administration');
  const { t: tc } = useTranslation();
  const create = useCreateAccessGrant();
  const [company, setCompany] = useState<number | null>(null);
  const [client, setClient] = useState<number | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const errors: FieldErrors = {
      ...(company === null ? { organisationId: t('access.companyError') } : {}),
      ...(client === null || client === company ? { accessibleOrganisationId: t('access.clientError') } : {}),
    };
    setFieldErrors(errors);
    if (company === null || client === null || Object.keys(errors).length > 0) return;
    create.mutate(
      { organisationId: company, accessibleOrganisationId: client },
      {
        onSuccess: (grant) => {
          toast.success(
            t('access.granted', { company: grant.organisationName, client: grant.accessibleOrganisationName }),
          );
          onClose();
        },
        onError: (error) => {
          const field = serverFieldError(error);
          if (field?.field === 'organisationId' || field?.field === 'accessibleOrganisationId') {
            setFieldErrors({ [field.field]: t('form.invalidField', { message: field.message }) });
          } else if (hasErrorCode(error, 'conflict')) {
            setFormError(t('access.exists'));
          } else {
            setFormError(t('form.failed', { message: apiErrorMessage(error, tc) }));
          }
        },
      },
    );
  };

  return (
    <FormDialog
      cancelLabel={t('form.cancel')}
      title={t('access.createTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('access.save')}
      pending={create.isPending}
      formError={formError}
    >
      <OrganisationSelect
        label={t('access.company')}
        value={company}
        onChange={setCompany}
        include={servesOthers}
        emptyLabel=""
        error={fieldErrors.organisationId !== undefined}
        helperText={fieldErrors.organisationId}
        fullWidth
      />
      <OrganisationSelect
        label={t('access.client')}
        value={client}
        onChange={setClient}
        include={(organisation) => organisation.id !== company}
        emptyLabel=""
        error={fieldErrors.accessibleOrganisationId !== undefined}
        helperText={fieldErrors.accessibleOrganisationId}
        fullWidth
      />
    </FormDialog>
  );
}
