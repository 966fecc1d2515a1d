import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { readingLabelsQueryOptions } from '../../../lib/sense-labels-query.ts';
import { provisioningEntries } from '../lib/provisioning-entries.ts';
import { FieldList } from '../../../components/field-list.tsx';
import { ModuleSection } from './module-details.tsx';

/**
 * The last provisioning (config) message, as the key/value lines it holds; a reading key (e1) reads
 * as its name with the key beside it ("Firmwareversie (e1)"), as the lift page names them.
 */
export function ProvisioningPanel({ module }: { module: SenseModuleDetail }) {
  const { t, i18n } = useTranslation('sense-modules');
  const message = module.lastProvisioning;
  const organisationId = module.lift?.organisationId ?? module.organisationId;
  const labels = useQuery({
    ...readingLabelsQueryOptions(organisationId ?? 0, toLocale(i18n.language)),
    enabled: organisationId !== null && message !== null,
  });
  const names = useMemo(
    () => new Map((labels.data ?? []).filter((item) => item.moduleType === null).map((item) => [item.key, item.label])),
    [labels.data],
  );
  const label = (path: string) => {
    const key = path.split('.').at(-1) ?? path;
    const name = names.get(key);
    return name === undefined ? path : t('detail.provisioningField', { name, key });
  };
  return (
    <ModuleSection title={t('detail.provisioningTitle')}>
      {message === null ? (
        <Typography role="status">{t('detail.provisioningEmpty')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('detail.provisioningAt', { at: formatDateTime(module.lastProvisioningAt, i18n.language) })}
          </Typography>
          <FieldList fields={provisioningEntries(message).map(({ key, value }) => ({ label: label(key), value }))} />
        </>
      )}
    </ModuleSection>
  );
}
