import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { inviteUserSchema } from '@liftwacht/contracts/administration';
import type { Locale } from '@liftwacht/contracts/auth';
import { useInviteUser } from '../api/invite-user.ts';
import type { Administrator } from '../hooks/use-administrator.ts';
import { useUserFormErrors } from '../hooks/use-user-form-errors.ts';
import { sortedRoles, type UserDraft } from '../lib/user-form.ts';
import { OrganisationSelect } from './organisation-select.tsx';
import { UserFields } from './user-fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface InviteUserDialogProps {
  administrator: Administrator;
  /** The organisation filter of the list, as the system-admin's first choice. */
  organisationId: number | null;
  /** The language new users get unless chosen otherwise: the inviter's own. */
  locale: Locale;
  onClose: () => void;
}

/** Invites a person: the user exists at once (invited) and receives a mail to set a password. */
export function InviteUserDialog({ administrator, organisationId, locale, onClose }: InviteUserDialogProps) {
  const { t } = useTranslation('administration');
  const invite = useInviteUser();
  const errors = useUserFormErrors();
  const [draft, setDraft] = useState<UserDraft>({
    username: '',
    name: '',
    email: '',
    // An admin invites into its own organisation; a system-admin chooses.
    organisationId: administrator.everyOrganisation ? organisationId : administrator.organisationId,
    roles: ['user'],
    locale,
  });
  const change = (patch: Partial<UserDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = inviteUserSchema.safeParse({ ...draft, roles: sortedRoles(draft.roles) });
    if (!errors.check(checked) || !checked.success) return;
    invite.mutate(checked.data, {
      onSuccess: (user) => {
        toast.success(t('users.invited', { email: user.email }));
        onClose();
      },
      onError: (error) => errors.report(error, { invite: true }),
    });
  };

  return (
    <FormDialog
      cancelLabel={t('form.cancel')}
      title={t('users.inviteTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('users.send')}
      pending={invite.isPending}
      formError={errors.formError}
    >
      <DialogContentText>{t('users.inviteHint')}</DialogContentText>
      <TextField
        label={t('users.username')}
        name="username"
        value={draft.username}
        onChange={(event) => change({ username: event.target.value })}
        error={errors.fieldErrors.username !== undefined}
        helperText={errors.fieldErrors.username}
        required
        autoFocus
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      {administrator.everyOrganisation ? (
        <OrganisationSelect
          label={t('users.organisation')}
          value={draft.organisationId}
          onChange={(id) => change({ organisationId: id })}
          emptyLabel=""
          error={errors.fieldErrors.organisationId !== undefined}
          helperText={errors.fieldErrors.organisationId}
          fullWidth
        />
      ) : (
        <TextField
          label={t('users.organisation')}
          value={administrator.organisationName ?? ''}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
      )}
      <UserFields
        draft={draft}
        onChange={change}
        errors={errors.fieldErrors}
        granter={administrator.roles}
        initialRoles={[]}
      />
    </FormDialog>
  );
}
