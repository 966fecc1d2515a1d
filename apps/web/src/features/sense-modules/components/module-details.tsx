import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { FieldList } from '../../../components/field-list.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useOrganisationName } from '../hooks/use-organisation-name.ts';
import { ConnectedChip } from './connected-chip.tsx';
import { LastSeen } from './last-seen.tsx';
import { ModuleLiftLink } from './module-lift-link.tsx';

/** A titled card of the module page: a region named by its heading. */
export function ModuleSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, mb: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function ModuleDetails({ module }: { module: SenseModuleDetail }) {
  const { t, i18n } = useTranslation('sense-modules');
  const organisationName = useOrganisationName();
  const language = i18n.language;
  return (
    <ModuleSection title={t('detail.detailsTitle')}>
      <FieldList
        fields={[
          { label: t('detail.esNumber'), value: module.esNumber },
          { label: t('detail.organisation'), value: organisationName(module.organisationId) },
          { label: t('detail.lift'), value: module.lift ? <ModuleLiftLink lift={module.lift} /> : t('detail.noLift') },
          { label: t('detail.firmware'), value: module.firmware ?? t('detail.notSet') },
          { label: t('detail.lastSeen'), value: <LastSeen at={module.lastSeenAt} /> },
          { label: t('detail.connected'), value: <ConnectedChip connected={module.connected} /> },
          {
            label: t('detail.keyCreatedAt'),
            value: module.hasKey ? formatDateTime(module.keyCreatedAt, language) : t('detail.noKey'),
          },
          { label: t('detail.createdAt'), value: formatDateTime(module.createdAt, language) },
        ]}
      />
    </ModuleSection>
  );
}
