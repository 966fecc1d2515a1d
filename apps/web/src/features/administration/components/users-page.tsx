import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserStatus } from '@liftwacht/contracts/administration';
import { userStatuses } from '@liftwacht/contracts/administration';
import { roleNames, type RoleName } from '@liftwacht/contracts/auth';
import { PagedResults } from '../../../components/paged-results.tsx';
import { toLocale } from '../../../lib/i18n.ts';
import { adminUsersQueryOptions } from '../api/get-admin-users.ts';
import { useAdministrator } from '../hooks/use-administrator.ts';
import { useUrlListState } from '../../../lib/use-url-list-state.ts';
import { nextDirection, rowsPerPageOptions } from '../../../lib/list-params.ts';
import { touchTargets } from '../../../components/touch-targets.ts';
import { urlPaging } from '../../../lib/url-paging.ts';
import { parseUserList, writeUserList, type UserSort } from '../lib/user-list-params.ts';
import { AdminPage } from './admin-page.tsx';
import { DisableUserDialog } from './disable-user-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { OrganisationSelect } from './organisation-select.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { UsersTable } from './users-table.tsx';

const codec = { parse: parseUserList, write: writeUserList };

/** /admin/users: an admin's own organisation's people, or everyone's for a system-admin. */
export function UsersPage() {
  const { t } = useTranslation('administration');
  return (
    <AdminPage title={t('users.title')} permission="users.manage">
      <UsersList />
    </AdminPage>
  );
}

type Dialog = { kind: 'invite' } | { kind: 'edit'; user: AdminUser } | { kind: 'disable'; user: AdminUser } | null;

function UsersList() {
  const { t, i18n } = useTranslation('administration');
  const administrator = useAdministrator();
  const [urlState, update] = useUrlListState(codec);
  // The organisation filter is the system-admin's; an admin's list is its own organisation's anyway.
  const state = administrator.everyOrganisation ? urlState : { ...urlState, organisationId: null };
  const query = useQuery(adminUsersQueryOptions(state));
  const [dialog, setDialog] = useState<Dialog>(null);
  const search = useCallback((text: string) => update({ search: text, page: 0 }, { replace: true }), [update]);
  const sortBy = (field: UserSort) =>
    update({ sort: field, direction: nextDirection(field, state.sort, state.direction), page: 0 });
  const close = () => setDialog(null);

  return (
    <>
      <ListToolbar>
        <SearchField label={t('users.searchLabel')} value={state.search} onSearch={search} />
        {administrator.everyOrganisation ? (
          <OrganisationSelect
            label={t('filters.organisation')}
            value={state.organisationId}
            emptyLabel={t('filters.allOrganisations')}
            onChange={(organisationId) => update({ organisationId, page: 0 })}
          />
        ) : null}
        <SelectField
          label={t('users.roleFilter')}
          value={state.role ?? ''}
          emptyLabel={t('filters.all')}
          options={roleNames.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          onChange={(role) => update({ role: role === '' ? null : (role as RoleName), page: 0 })}
        />
        <SelectField
          label={t('users.statusFilter')}
          value={state.status ?? ''}
          emptyLabel={t('filters.all')}
          options={userStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          onChange={(status) => update({ status: status === '' ? null : (status as UserStatus), page: 0 })}
        />
        <Button variant="contained" sx={{ minHeight: 44 }} onClick={() => setDialog({ kind: 'invite' })}>
          {t('users.invite')}
        </Button>
      </ListToolbar>
      {query.data && query.data.total > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('users.total', { count: query.data.total })}
        </Typography>
      ) : null}
      <Box sx={touchTargets}>
        <PagedResults
          query={query}
          label={t('users.tableLabel')}
          emptyText={t('users.empty')}
          paging={urlPaging(urlState, update)}
          rowsPerPageOptions={rowsPerPageOptions}
        >
          {(data) => (
            <UsersTable
              users={data.items}
              selfId={administrator.userId}
              sort={state.sort}
              direction={state.direction}
              onSort={sortBy}
              onEdit={(user) => setDialog({ kind: 'edit', user })}
              onDisable={(user) => setDialog({ kind: 'disable', user })}
            />
          )}
        </PagedResults>
      </Box>
      {dialog?.kind === 'invite' ? (
        <InviteUserDialog
          administrator={administrator}
          organisationId={state.organisationId}
          locale={toLocale(i18n.language)}
          onClose={close}
        />
      ) : dialog?.kind === 'edit' ? (
        <EditUserDialog administrator={administrator} user={dialog.user} onClose={close} />
      ) : dialog?.kind === 'disable' ? (
        <DisableUserDialog user={dialog.user} onClose={close} />
      ) : null}
    </>
  );
}
