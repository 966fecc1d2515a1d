import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
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

/** Label/value pairs as a description list, which screen readers announce as such. */
export function DescriptionList({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { color: 'text.secondary', typography: 'body2' },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, typography: 'body2', overflowWrap: 'anywhere' },
        '& dd a': { display: 'inline-flex', alignItems: 'center', minHeight: 44 },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </Box>
      ))}
    </Box>
  );
}

export function ModuleDetails({ module }: { module: SenseModuleDetail }) {
  const { t, i18n } = useTranslation('sense-modules');
  const organisationName = useOrganisationName();
  const language = i18n.language;
  return (
    <ModuleSection title={t('detail.detailsTitle')}>
      <DescriptionList
        items={[
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
