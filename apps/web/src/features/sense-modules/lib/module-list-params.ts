// The modules page's state in the URL: which tab, and that tab's search, filters, sort and page.
import { moduleSortFields } from '@liftwacht/contracts/sense-modules';
import {
  defaultRows,
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

export const moduleTabs = ['modules', 'unregistered'] as const;
export type ModuleTab = (typeof moduleTabs)[number];
export type ModuleSort = (typeof moduleSortFields)[number];
export const linkedFilters = ['linked', 'unlinked'] as const;
export type LinkedFilter = (typeof linkedFilters)[number];

export interface ModuleListState extends Paged {
  tab: ModuleTab;
  search: string;
  linked: LinkedFilter | null;
  /** system-admin only: the other roles' scope is decided by the server. */
  organisationId: number | null;
  sort: ModuleSort;
  direction: SortDirection;
}

export const defaultModuleList: ModuleListState = {
  tab: 'modules',
  search: '',
  linked: null,
  organisationId: null,
  sort: 'esNumber',
  direction: 'asc',
  page: 0,
  rows: defaultRows,
};

export function parseModuleList(params: URLSearchParams): ModuleListState {
  const rows = parseRows(params.get('rows'));
  return {
    tab: parseOption(params.get('tab'), moduleTabs) ?? defaultModuleList.tab,
    search: parseSearch(params.get('search')),
    linked: parseOption(params.get('linked'), linkedFilters),
    organisationId: parseId(params.get('organisation')),
    sort: parseOption(params.get('sort'), moduleSortFields) ?? defaultModuleList.sort,
    direction: parseDirection(params.get('dir'), defaultModuleList.direction),
    page: parsePage(params.get('page'), rows),
    rows,
  };
}

export function writeModuleList(state: ModuleListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== defaultModuleList.tab) params.set('tab', state.tab);
  setIfPresent(params, 'search', state.search);
  setIfPresent(params, 'linked', state.linked);
  setIfPresent(params, 'organisation', state.organisationId);
  if (state.sort !== defaultModuleList.sort) params.set('sort', state.sort);
  if (state.direction !== defaultModuleList.direction) params.set('dir', state.direction);
  writePaging(params, state);
  return params;
}

/** Another tab starts from a clean list: the filters of one do not apply to the other. */
export const tabState = (tab: ModuleTab): ModuleListState => ({ ...defaultModuleList, tab });
