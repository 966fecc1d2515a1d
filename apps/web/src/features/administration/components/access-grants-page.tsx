import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessGrant } from '@liftwacht/contracts/administration';
import { PagedResults } from '../../../components/paged-results.tsx';
import { accessGrantsQueryOptions } from '../api/get-access-grants.ts';
import { useUrlListState } from '../../../lib/use-url-list-state.ts';
import { parseAccessList, writeAccessList } from '../lib/access-list-params.ts';
import { rowsPerPageOptions } from '../../../lib/list-params.ts';
import { touchTargets } from '../../../components/touch-targets.ts';
import { urlPaging } from '../../../lib/url-paging.ts';
import { AccessGrantsTable } from './access-grants-table.tsx';
import { AdminPage } from './admin-page.tsx';
import { GrantAccessDialog } from './grant-access-dialog.tsx';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { OrganisationSelect } from './organisation-select.tsx';
import { RevokeAccessDialog } from './revoke-access-dialog.tsx';

const codec = { parse: parseAccessList, write: writeAccessList };

/** /admin/access (system-admin): which maintenance and inspection companies serve which clients. */
export function AccessGrantsPage() {
  const { t } = useTranslation('administration');
  return (
    <AdminPage title={t('access.title')} permission="organisations.manage">
      <AccessGrantsList />
    </AdminPage>
  );
}

type Dialog = { kind: 'grant' } | { kind: 'revoke'; grant: AccessGrant } | null;

function AccessGrantsList() {
  const { t } = useTranslation('administration');
  const [state, update] = useUrlListState(codec);
  const query = useQuery(accessGrantsQueryOptions(state));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('access.intro')}</Typography>
      <ListToolbar>
        <OrganisationSelect
          label={t('filters.organisation')}
          value={state.organisationId}
          emptyLabel={t('filters.allOrganisations')}
          onChange={(organisationId) => update({ organisationId, page: 0 })}
        />
        <Button variant="contained" sx={{ minHeight: 44 }} onClick={() => setDialog({ kind: 'grant' })}>
          {t('access.create')}
        </Button>
      </ListToolbar>
      {query.data && query.data.total > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('access.total', { count: query.data.total })}
        </Typography>
      ) : null}
      <Box sx={touchTargets}>
        <PagedResults
          query={query}
          label={t('access.tableLabel')}
          emptyText={t('access.empty')}
          paging={urlPaging(state, update)}
          rowsPerPageOptions={rowsPerPageOptions}
        >
          {(data) => (
            <AccessGrantsTable grants={data.items} onRevoke={(grant) => setDialog({ kind: 'revoke', grant })} />
          )}
        </PagedResults>
      </Box>
      {dialog?.kind === 'grant' ? (
        <GrantAccessDialog onClose={close} />
      ) : dialog?.kind === 'revoke' ? (
        <RevokeAccessDialog grant={dialog.grant} onClose={close} />
      ) : null}
    </>
  );
}
