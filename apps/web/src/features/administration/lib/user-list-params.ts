import { roleNames, type RoleName } from '@liftwacht/contracts/auth';
import { adminUserSortFields, userStatuses, type UserStatus } from '@liftwacht/contracts/administration';
import {
  parseDirection,
  parseId,
  parseOption,
  parsePage,
  parseRows,
  parseSearch,
  setIfPresent,
  writePaging,
  type Paged,
  type SortDirection,
} from '../../../lib/list-params.ts';

export type UserSort = (typeof adminUserSortFields)[number];

export interface UserListState extends Paged {
  search: string;
  /** Only a system-admin filters by organisation; an admin's list is its own organisation's. */
  organisationId: number | null;
  role: RoleName | null;
  status: UserStatus | null;
  sort: UserSort;
  direction: SortDirection;
}

const defaults = { sort: 'username', direction: 'asc' } as const;

export function parseUserList(params: URLSearchParams): UserListState {
  const rows = parseRows(params.get('rows'));
  return {
    search: parseSearch(params.get('search')),
    organisationId: parseId(params.get('organisationId')),
    role: parseOption(params.get('role'), roleNames),
    status: parseOption(params.get('status'), userStatuses),
    sort: parseOption(params.get('sort'), adminUserSortFields) ?? defaults.sort,
    direction: parseDirection(params.get('dir'), defaults.direction),
    page: parsePage(params.get('page'), rows),
    rows,
  };
}

export function writeUserList(state: UserListState): URLSearchParams {
  const params = new URLSearchParams();
  setIfPresent(params, 'search', state.search);
  setIfPresent(params, 'organisationId', state.organisationId);
  setIfPresent(params, 'role', state.role);
  setIfPresent(params, 'status', state.status);
  if (state.sort !== defaults.sort) params.set('sort', state.sort);
  if (state.direction !== defaults.direction) params.set('dir', state.direction);
  writePaging(params, state);
  return params;
}
