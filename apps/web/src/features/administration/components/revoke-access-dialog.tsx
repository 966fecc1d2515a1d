import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AccessGrant } from '@liftwacht/contracts/administration';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useRevokeAccessGrant } from '../api/revoke-access-grant.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

interface RevokeAccessDialogProps {
  grant: AccessGrant;
  onClose: () => void;
}

/** Asks before revoking, and says it takes effect at once. */
export function RevokeAccessDialog({ grant, onClose }: RevokeAccessDialogProps) {
  const { t } = useTranslation('administration');
  const { t: tc } = useTranslation();
  const revoke = useRevokeAccessGrant();
  const names = { company: grant.organisationName, client: grant.accessibleOrganisationName };
  return (
    <ConfirmDialog
      cancelLabel={t('form.cancel')}
      title={t('access.revokeTitle')}
      message={t('access.revokeConfirm', names)}
      confirmLabel={t('access.revoke')}
      error={revoke.isError ? t('access.revokeFailed', { message: apiErrorMessage(revoke.error, tc) }) : null}
      pending={revoke.isPending}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(grant, {
          onSuccess: () => {
            toast.success(t('access.revoked', names));
            onClose();
          },
        })
      }
    />
  );
}
