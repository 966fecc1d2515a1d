import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminUser } from '@liftwacht/contracts/administration';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useUserStatusAction } from '../api/user-status-action.ts';
import { hasErrorCode } from '../../../lib/form-errors.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

interface DisableUserDialogProps {
  user: AdminUser;
  onClose: () => void;
}

/** Asks before disabling: the user is logged out at once. */
export function DisableUserDialog({ user, onClose }: DisableUserDialogProps) {
  const { t } = useTranslation('administration');
  const { t: tc } = useTranslation();
  const action = useUserStatusAction();
  const error = action.isError
    ? hasErrorCode(action.error, 'last_admin')
      ? t('users.errors.lastAdmin')
      : t('users.actionFailed', { message: apiErrorMessage(action.error, tc) })
    : null;
  return (
    <ConfirmDialog
      cancelLabel={t('form.cancel')}
      title={t('users.disableTitle')}
      message={t('users.disableConfirm', { name: user.name, username: user.username })}
      confirmLabel={t('users.actions.disable')}
      error={error}
      pending={action.isPending}
      onClose={onClose}
      onConfirm={() =>
        action.mutate(
          { user, action: 'disable' },
          {
            onSuccess: () => {
              toast.success(t('users.disabled', { username: user.username }));
              onClose();
            },
          },
        )
      }
    />
  );
}
