import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleWithKey, SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hasErrorCode } from '../../../lib/form-errors.ts';
import { useRotateModuleKey } from '../api/rotate-module-key.ts';

interface RotateKeyDialogProps {
  module: SenseModuleDetail;
  onClose: () => void;
  onRotated: (answer: ModuleWithKey) => void;
}

/** Says that the old key stops working at once before making a new one. */
export function RotateKeyDialog({ module, onClose, onRotated }: RotateKeyDialogProps) {
  const { t } = useTranslation('sense-modules');
  const { t: tc } = useTranslation();
  const rotate = useRotateModuleKey(module.id);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    rotate.mutate(
      { version: module.version },
      {
        onSuccess: onRotated,
        // A conflict refreshed the page (see the mutation): the next try sends the new version.
        onError: (failure) =>
          setError(
            hasErrorCode(failure, 'conflict')
              ? t('conflict.stale')
              : t('form.failed', { message: apiErrorMessage(failure, tc) }),
          ),
      },
    );
  };
  return (
    <ConfirmDialog
      title={t('rotate.title')}
      message={t('rotate.confirm', { esNumber: module.esNumber })}
      confirmLabel={t('rotate.submit')}
      cancelLabel={t('form.cancel')}
      error={error}
      pending={rotate.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
