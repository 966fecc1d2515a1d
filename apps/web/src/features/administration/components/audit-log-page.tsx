import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedResults } from '../../../components/paged-results.tsx';
import { auditLogQueryOptions } from '../api/get-audit-log.ts';
import { useAdministrator } from '../hooks/use-administrator.ts';
import { useUrlListState } from '../../../lib/use-url-list-state.ts';
import { parseAuditList, writeAuditList } from '../lib/audit-list-params.ts';
import { rowsPerPageOptions } from '../../../lib/list-params.ts';
import { touchTargets } from '../../../components/touch-targets.ts';
import { urlPaging } from '../../../lib/url-paging.ts';
import { AdminPage } from './admin-page.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { AuditLogTable } from './audit-log-table.tsx';

const codec = { parse: parseAuditList, write: writeAuditList };

/** /admin/audit-log: who changed what, newest first (an admin: its own organisation's entries). */
export function AuditLogPage() {
  const { t } = useTranslation('administration');
  return (
    <AdminPage title={t('audit.title')} permission="audit.view">
      <AuditLog />
    </AdminPage>
  );
}

function AuditLog() {
  const { t } = useTranslation('administration');
  const { everyOrganisation } = useAdministrator();
  const [urlState, update] = useUrlListState(codec);
  // The server keeps an admin to its own organisation; the filter is the system-admin's.
  const state = everyOrganisation ? urlState : { ...urlState, organisationId: null };
  const query = useQuery(auditLogQueryOptions(state));
  return (
    <>
      <AuditFilters state={state} update={update} organisationFilter={everyOrganisation} />
      {query.data && query.data.total > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('audit.total', { count: query.data.total })}
        </Typography>
      ) : null}
      <Box sx={touchTargets}>
        <PagedResults
          query={query}
          label={t('audit.tableLabel')}
          emptyText={t('audit.empty')}
          paging={urlPaging(urlState, update)}
          rowsPerPageOptions={rowsPerPageOptions}
        >
          {(data) => <AuditLogTable entries={data.items} />}
        </PagedResults>
      </Box>
    </>
  );
}
