import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { provisioningEntries } from '../lib/provisioning-entries.ts';
import { FieldList } from '../../../components/field-list.tsx';
import { ModuleSection } from './module-details.tsx';

/** The last provisioning (config) message, as the key/value lines it holds. */
export function ProvisioningPanel({ module }: { module: SenseModuleDetail }) {
  const { t, i18n } = useTranslation('sense-modules');
  const message = module.lastProvisioning;
  return (
    <ModuleSection title={t('detail.provisioningTitle')}>
      {message === null ? (
        <Typography role="status">{t('detail.provisioningEmpty')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('detail.provisioningAt', { at: formatDateTime(module.lastProvisioningAt, i18n.language) })}
          </Typography>
          <FieldList fields={provisioningEntries(message).map(({ key, value }) => ({ label: key, value }))} />
        </>
      )}
    </ModuleSection>
  );
}
