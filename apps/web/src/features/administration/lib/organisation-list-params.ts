import { adminOrganisationSortFields } from '@liftwacht/contracts/administration';
import { organisationTypes, type Organisation } from '@liftwacht/contracts/organisations';
import {
  defaultRows,
  parseDirection,
  parseOption,
  parsePage,
  parseRows,
  parseSearch,
  setIfPresent,
  writePaging,
  type Paged,
  type SortDirection,
} from '../../../lib/list-params.ts';

export type OrganisationType = Organisation['type'];
export type OrganisationSort = (typeof adminOrganisationSortFields)[number];

export interface OrganisationListState extends Paged {
  search: string;
  type: OrganisationType | null;
  sort: OrganisationSort;
  direction: SortDirection;
}

const defaults: OrganisationListState = {
  search: '',
  type: null,
  sort: 'name',
  direction: 'asc',
  page: 0,
  rows: defaultRows,
};

export function parseOrganisationList(params: URLSearchParams): OrganisationListState {
  const rows = parseRows(params.get('rows'));
  return {
    search: parseSearch(params.get('search')),
    type: parseOption(params.get('type'), organisationTypes),
    sort: parseOption(params.get('sort'), adminOrganisationSortFields) ?? defaults.sort,
    direction: parseDirection(params.get('dir'), defaults.direction),
    page: parsePage(params.get('page'), rows),
    rows,
  };
}

export function writeOrganisationList(state: OrganisationListState): URLSearchParams {
  const params = new URLSearchParams();
  setIfPresent(params, 'search', state.search);
  setIfPresent(params, 'type', state.type);
  if (state.sort !== defaults.sort) params.set('sort', state.sort);
  if (state.direction !== defaults.direction) params.set('dir', state.direction);
  writePaging(params, state);
  return params;
}
