import { parseId, parsePage, parseRows, setIfPresent, writePaging, type Paged } from '../../../lib/list-params.ts';

export interface AccessListState extends Paged {
  /** Grants from or to this organisation; null for every grant. */
  organisationId: number | null;
}

export function parseAccessList(params: URLSearchParams): AccessListState {
  const rows = parseRows(params.get('rows'));
  return { organisationId: parseId(params.get('organisationId')), page: parsePage(params.get('page'), rows), rows };
}

export function writeAccessList(state: AccessListState): URLSearchParams {
  const params = new URLSearchParams();
  setIfPresent(params, 'organisationId', state.organisationId);
  writePaging(params, state);
  return params;
}
