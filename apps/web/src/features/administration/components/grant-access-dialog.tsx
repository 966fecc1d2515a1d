import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminOrganisation } from '@liftwacht/contracts/administration';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useCreateAccessGrant } from '../api/create-access-grant.ts';
import { hasErrorCode, serverFieldErrors } from '../../../lib/form-errors.ts';
import { invalidFieldMessages } from '../lib/invalid-field-messages.ts';
import { OrganisationSelect } from './organisation-select.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';

/** Only maintenance and inspection companies serve other organisations (the server's rule). */
const servesOthers = (organisation: AdminOrganisation) =>
  organisation.type === 'maintenance' || organisation.type === 'inspection';

/** What they serve: the lifts of an owner or a client, never another company (the server's rule). */
const hasLiftsToServe = (organisation: AdminOrganisation) =>
  organisation.type === 'owner' || organisation.type === 'client';

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
          const refused = serverFieldErrors(error, ['organisationId', 'accessibleOrganisationId']);
          if (Object.keys(refused).length > 0) {
            setFieldErrors(invalidFieldMessages(refused, t));
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
      title={t('access.createTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('access.save')}
      cancelLabel={t('form.cancel')}
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
        helperText={fieldErrors.organisationId ?? t('access.companyHelp')}
        fullWidth
      />
      <OrganisationSelect
        label={t('access.client')}
        value={client}
        onChange={setClient}
        include={hasLiftsToServe}
        emptyLabel=""
        error={fieldErrors.accessibleOrganisationId !== undefined}
        helperText={fieldErrors.accessibleOrganisationId ?? t('access.clientHelp')}
        fullWidth
      />
    </FormDialog>
  );
}
