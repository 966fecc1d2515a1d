import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { modulePaths } from '../../../app/module-paths.ts';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { parseRouteId } from '../../../lib/route-id.ts';
import { moduleQueryOptions } from '../api/get-module.ts';
import { ModuleActions } from './module-actions.tsx';
import { ModuleDetails } from './module-details.tsx';
import { ModuleLinksTable } from './module-links-table.tsx';
import { ModulesFrame } from './modules-frame.tsx';
import { ProvisioningPanel } from './provisioning-panel.tsx';

/** /admin/modules/:moduleId: one module, its links and provisioning, and what can be done with it. */
export function ModulePage({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation('sense-modules');
  const id = parseRouteId(moduleId);
  const back = (
    <Button component={RouterLink} to={modulePaths.list} sx={{ mb: 2, minHeight: 44 }}>
      {t('detail.back')}
    </Button>
  );
  if (id === null) {
    return (
      <ModulesFrame title={t('detail.loadingTitle')} header={back}>
        <Typography role="status">{t('detail.invalidId')}</Typography>
      </ModulesFrame>
    );
  }
  return <ModuleLoader moduleId={id} back={back} />;
}

function ModuleLoader({ moduleId, back }: { moduleId: number; back: ReactNode }) {
  const { t } = useTranslation('sense-modules');
  const query = useQuery(moduleQueryOptions(moduleId));
  const title = query.data ? t('detail.title', { esNumber: query.data.esNumber }) : t('detail.loadingTitle');
  return (
    <ModulesFrame title={title} header={back}>
      <EntityQueryState query={query} notFoundText={t('detail.notFound')}>
        {(module) => (
          <>
            <ModuleActions module={module} />
            <ModuleDetails module={module} />
            <ModuleLinksTable links={module.links} />
            <ProvisioningPanel module={module} />
          </>
        )}
      </EntityQueryState>
    </ModulesFrame>
  );
}
