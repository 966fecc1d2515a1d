import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@liftwacht/contracts/administration';
import { SortableHeaderCell } from '../../../components/sortable-header-cell.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import type { SortDirection } from '../../../lib/list-params.ts';
import type { UserSort } from '../lib/user-list-params.ts';
import { UserRowActions } from './user-row-actions.tsx';
import { UserStatusChip } from './user-status-chip.tsx';

interface UsersTableProps {
  users: readonly AdminUser[];
  selfId: number | null;
  sort: UserSort;
  direction: SortDirection;
  onSort: (field: UserSort) => void;
  onEdit: (user: AdminUser) => void;
  onDisable: (user: AdminUser) => void;
}

export function UsersTable({ users, selfId, sort, direction, onSort, onEdit, onDisable }: UsersTableProps) {
  const { t, i18n } = useTranslation('administration');
  const { t: tc } = useTranslation();
  const header = { sort, direction, onSort };
  return (
    <Table size="small" aria-label={t('users.tableLabel')}>
      <TableHead>
        <TableRow>
          <SortableHeaderCell field="username" {...header}>
            {t('users.columns.username')}
          </SortableHeaderCell>
          <SortableHeaderCell field="name" {...header}>
            {t('users.columns.name')}
          </SortableHeaderCell>
          <SortableHeaderCell field="email" {...header}>
            {t('users.columns.email')}
          </SortableHeaderCell>
          <SortableHeaderCell field="organisation" {...header}>
            {t('users.columns.organisation')}
          </SortableHeaderCell>
          <TableCell>{t('users.columns.roles')}</TableCell>
          <TableCell>{t('users.columns.locale')}</TableCell>
          <TableCell>{t('users.columns.status')}</TableCell>
          <TableCell>{t('users.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell component="th" scope="row">
              {user.username}
            </TableCell>
            <TableCell>{user.name}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
            <TableCell>{user.organisationName}</TableCell>
            <TableCell>{user.roles.map((role) => t(`roles.${role}`)).join(', ')}</TableCell>
            <TableCell>{tc(`language.${user.locale}`)}</TableCell>
            <TableCell>
              <UserStatusChip status={user.status} />
              {user.status === 'invited' && user.invitationExpiresAt !== null ? (
                <Typography variant="caption" component="p" color="text.secondary">
                  {t('users.expiresAt', { date: formatDateTime(user.invitationExpiresAt, i18n.language) })}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              <UserRowActions
                user={user}
                self={user.id === selfId}
                onEdit={() => onEdit(user)}
                onDisable={() => onDisable(user)}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
