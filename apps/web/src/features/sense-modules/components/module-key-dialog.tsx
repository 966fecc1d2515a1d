import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../../components/secret-once-dialog.tsx';

/** The key of a registration or rotation (`{es}.{secret}`), shown this once: the server never shows it again. */
export function ModuleKeyDialog({
  esNumber,
  moduleKey,
  onClose,
}: {
  esNumber: string;
  moduleKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('sense-modules');
  return (
    <SecretOnceDialog
      secret={moduleKey}
      onClose={onClose}
      texts={{
        title: t('key.title'),
        once: t('key.once'),
        label: t('key.label', { esNumber }),
        header: t('key.header'),
        headerName: t('key.headerName'),
        copy: t('key.copy'),
        copied: t('key.copied'),
        copyFailed: t('key.copyFailed'),
        done: t('key.done'),
      }}
    />
  );
}
