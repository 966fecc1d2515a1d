import Alert from '@mui/material/Alert';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { adminUserSchema, updateUserSchema, type AdminUser } from '@liftwacht/contracts/administration';
import { useUpdateUser } from '../api/update-user.ts';
import type { Administrator } from '../hooks/use-administrator.ts';
import { useUserFormErrors } from '../hooks/use-user-form-errors.ts';
import { conflictCurrent } from '../../../lib/form-errors.ts';
import { draftOf, updateBody, type UserDraft } from '../lib/user-form.ts';
import { UserFields } from './user-fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface EditUserDialogProps {
  administrator: Administrator;
  user: AdminUser;
  onClose: () => void;
}

/** Changes a user's roles, name, email and language from the version the table showed. */
export function EditUserDialog({ administrator, user, onClose }: EditUserDialogProps) {
  const { t } = useTranslation('administration');
  const save = useUpdateUser();
  const errors = useUserFormErrors();
  // What the edit is based on; a conflict moves it to the server's current user.
  const [base, setBase] = useState(user);
  const [draft, setDraft] = useState<UserDraft>(() => draftOf(user));
  const [conflict, setConflict] = useState(false);
  const change = (patch: Partial<UserDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setConflict(false);
    const body = updateBody(base, draft);
    if (!errors.check(updateUserSchema.safeParse(body))) return;
    if (Object.keys(body).length === 1) {
      onClose();
      return;
    }
    save.mutate(
      { id: base.id, body },
      {
        onSuccess: (saved) => {
          // The server retires every link mailed to the old address; a still invited person gets a
          // new invitation at the new one, which the administrator should know about.
          if (saved.email !== base.email && base.status === 'invited') {
            toast.success(t('users.updatedInvitationResent', { username: saved.username, email: saved.email }));
          } else {
            toast.success(t('users.updated', { username: saved.username }));
          }
          onClose();
        },
        onError: (error) => {
          const current = conflictCurrent(error, adminUserSchema);
          if (!current) {
            errors.report(error, { invite: false });
            return;
          }
          setBase(current);
          setDraft(draftOf(current));
          setConflict(true);
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('users.editTitle', { username: base.username })}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('form.save')}
      cancelLabel={t('form.cancel')}
      pending={save.isPending}
      formError={errors.formError}
    >
      {conflict ? <Alert severity="warning">{t('form.conflict')}</Alert> : null}
      <UserFields
        draft={draft}
        onChange={change}
        errors={errors.fieldErrors}
        granter={administrator.roles}
        initialRoles={base.roles}
      />
    </FormDialog>
  );
}
