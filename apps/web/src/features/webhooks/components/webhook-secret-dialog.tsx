import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../../components/secret-once-dialog.tsx';

/** The secret of a registration or renewal (`whsec_…`), shown this once: the server never shows it again. */
export function WebhookSecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <SecretOnceDialog
      secret={secret}
      onClose={onClose}
      texts={{
        title: t('secret.title'),
        once: t('secret.once'),
        label: t('secret.label', { url }),
        header: t('secret.header'),
        headerName: t('secret.headerName'),
        copy: t('secret.copy'),
        copied: t('secret.copied'),
        copyFailed: t('secret.copyFailed'),
        done: t('secret.done'),
      }}
    />
  );
}
