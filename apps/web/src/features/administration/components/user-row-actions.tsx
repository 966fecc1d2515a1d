import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminUser } from '@liftwacht/contracts/administration';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useUserStatusAction } from '../api/user-status-action.ts';
import { hasErrorCode } from '../../../lib/submit-problem.ts';

interface UserRowActionsProps {
  user: AdminUser;
  /** The signed-in administrator's own row: nobody disables themselves. */
  self: boolean;
  onEdit: () => void;
  onDisable: () => void;
}

/** Edit, and per status: resend the invitation (invited), disable (not disabled), enable (disabled). */
export function UserRowActions({ user, self, onEdit, onDisable }: UserRowActionsProps) {
  const { t } = useTranslation('administration');
  const { t: tc } = useTranslation();
  const action = useUserStatusAction();

  const run = (kind: 'invitation' | 'enable') =>
    action.mutate(
      { user, action: kind },
      {
        onSuccess: (saved) =>
          toast.success(
            kind === 'invitation'
              ? t('users.resent', { email: saved.email })
              : t('users.enabled', { username: saved.username }),
          ),
        onError: (error) =>
          toast.error(
            hasErrorCode(error, 'last_admin')
              ? t('users.errors.lastAdmin')
              : t('users.actionFailed', { message: apiErrorMessage(error, tc) }),
          ),
      },
    );

  return (
    <Box
      role="group"
      aria-label={t('users.actions.label', { username: user.username })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
    >
      <Button size="small" onClick={onEdit}>
        {t('users.edit')}
      </Button>
      {user.status === 'invited' ? (
        <Button size="small" disabled={action.isPending} onClick={() => run('invitation')}>
          {t('users.actions.resend')}
        </Button>
      ) : null}
      {user.status === 'disabled' ? (
        <Button size="small" disabled={action.isPending} onClick={() => run('enable')}>
          {t('users.actions.enable')}
        </Button>
      ) : self ? null : (
        <Button size="small" color="error" onClick={onDisable}>
          {t('users.actions.disable')}
        </Button>
      )}
    </Box>
  );
}
