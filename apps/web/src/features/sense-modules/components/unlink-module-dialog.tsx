import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useLinkModule } from '../api/link-module.ts';
import { moduleConflict } from '../lib/module-conflict.ts';

interface UnlinkModuleDialogProps {
  module: SenseModuleDetail & { lift: NonNullable<SenseModuleDetail['lift']> };
  onClose: () => void;
}

/** Takes the module out of its lift after a confirmation; the lift keeps what was measured so far. */
export function UnlinkModuleDialog({ module, onClose }: UnlinkModuleDialogProps) {
  const { t } = useTranslation('sense-modules');
  const { t: tc } = useTranslation();
  const unlink = useLinkModule(module.id);
  const [error, setError] = useState<string | null>(null);
  const names = { esNumber: module.esNumber, lift: module.lift.name };
  const confirm = () => {
    setError(null);
    unlink.mutate(
      { liftId: null, version: module.version },
      {
        onSuccess: () => {
          toast.success(t('link.unlinked', names));
          onClose();
        },
        onError: (failure) =>
          setError(
            moduleConflict(failure) ? t('conflict.stale') : t('form.failed', { message: apiErrorMessage(failure, tc) }),
          ),
      },
    );
  };
  return (
    <ConfirmDialog
      title={t('link.unlinkTitle')}
      message={t('link.unlinkConfirm', names)}
      confirmLabel={t('detail.unlink')}
      cancelLabel={t('form.cancel')}
      error={error}
      pending={unlink.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
