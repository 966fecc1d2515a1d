import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { adminUserSchema, updateUserSchema, type AdminUser } from '@liftwacht/contracts/administration';
import { FormError } from '../../../components/form-error.tsx';
import { useUpdateUser } from '../api/update-user.ts';
import type { Administrator } from '../hooks/use-administrator.ts';
import { useUserFormErrors } from '../hooks/use-user-form-errors.ts';
import { conflictCurrent } from '../lib/submit-problem.ts';
import { draftOf, updateBody, type UserDraft } from '../lib/user-form.ts';
import { UserFields } from './user-fields.tsx';

interface EditUserDialogProps {
  administrator: Administrator;
  user: AdminUser;
  onClose: () => void;
}

/** Changes a user's roles, name, email and language from the version the table showed. */
export function EditUserDialog({ administrator, user, onClose }: EditUserDialogProps) {
  const { t } = useTranslation('administration');
  const titleId = useId();
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
          toast.success(t('users.updated', { username: saved.username }));
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
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('users.editTitle', { username: base.username })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {conflict ? <Alert severity="warning">{t('form.conflict')}</Alert> : null}
            <UserFields
              draft={draft}
              onChange={change}
              errors={errors.fieldErrors}
              granter={administrator.roles}
              initialRoles={base.roles}
            />
            <FormError message={errors.formError} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44 }}>
            {t('form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
