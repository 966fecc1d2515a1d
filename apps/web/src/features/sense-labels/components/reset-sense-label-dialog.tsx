import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SenseLabelItem } from '@liftwacht/contracts/sense-labels';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { useSenseLabelMutations } from '../api/sense-labels.ts';

/** Gives a reading its default name back (a reading without one is shown by its code again). */
export function ResetSenseLabelDialog(props: { organisationId: number; item: SenseLabelItem; onClose: () => void }) {
  const { organisationId, item, onClose } = props;
  const { t, i18n } = useTranslation('sense-labels');
  const { t: tc } = useTranslation();
  const { reset } = useSenseLabelMutations(organisationId);
  const [error, setError] = useState<string | null>(null);
  const language = toLocale(i18n.language) === 'nl' ? 'nl' : 'en';
  const fallback = item.defaults?.[language].name;
  return (
    <ConfirmDialog
      title={t('resetDialog.title')}
      message={
        fallback === undefined
          ? t('resetDialog.messageNoDefault', { key: item.key })
          : t('resetDialog.message', { key: item.key, name: fallback })
      }
      confirmLabel={t('resetDialog.confirm')}
      cancelLabel={t('resetDialog.cancel')}
      error={error}
      pending={reset.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!item.own) return;
        setError(null);
        reset.mutate(
          { key: item.key, version: item.own.version },
          {
            onSuccess: () => {
              toast.success(t('resetDialog.done', { key: item.key }));
              onClose();
            },
            onError: (failure) => setError(t('resetDialog.failed', { message: apiErrorMessage(failure, tc) })),
          },
        );
      }}
    />
  );
}
