import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { modulePaths } from '../../../app/module-paths.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { modulesQueryOptions } from '../api/get-modules.ts';
import { defaultModuleList } from '../lib/module-list-params.ts';
import { ModulesFrame } from './modules-frame.tsx';

/**
 * /admin/modules/es/:esNumber: the lift page knows its module by ES number only, so the module is
 * looked up by a search and this page is replaced by the module's own.
 */
export function ModuleByEsPage({ esNumber }: { esNumber: string }) {
  const { t } = useTranslation('sense-modules');
  return (
    <ModulesFrame title={t('detail.loadingTitle')}>
      <ModuleByEs esNumber={esNumber} />
    </ModulesFrame>
  );
}

function ModuleByEs({ esNumber }: { esNumber: string }) {
  const { t } = useTranslation('sense-modules');
  const query = useQuery(modulesQueryOptions({ ...defaultModuleList, search: esNumber.slice(0, 200) }));
  return (
    <QueryState query={query} level="page">
      {(data) => {
        // The search also matches lift names and addresses: only the exact ES number counts.
        const found = data.items.find((module) => module.esNumber === esNumber);
        if (!found) return <Typography role="status">{t('byEs.notFound', { esNumber })}</Typography>;
        return <Navigate to={modulePaths.module(found.id)} replace />;
      }}
    </QueryState>
  );
}
