import { maxOffset } from '@liftwacht/contracts/common';
import {
  liftSearchCriteriaSchema,
  liftSortDirectionSchema,
  liftSortSchema,
  type LiftSort,
  type LiftSortDirection,
} from '@liftwacht/contracts/lifts';
import type { LiftCriteria } from './advanced-criteria.ts';

export const rowsPerPageOptions = [25, 50, 100] as const;
const defaultRows = 25;

/** The list's state as the URL carries it, so a reload or a shared link shows the same lifts. */
export interface LiftListState {
  search: string;
  /** 0-based; the URL shows it 1-based, as people count pages. */
  page: number;
  rows: number;
  sort: LiftSort;
  direction: LiftSortDirection;
  /** The advanced search's criteria; null when the free-text search is used. */
  advanced: LiftCriteria | null;
}

export const defaultListState: LiftListState = {
  search: '',
  page: 0,
  rows: defaultRows,
  sort: 'name',
  direction: 'asc',
  advanced: null,
};

function parseAdvanced(raw: string | null): LiftCriteria | null {
  if (raw === null) return null;
  try {
    const json: unknown = JSON.parse(raw);
    // A hand-edited or outdated link falls back to the plain list rather than failing the page.
    // The criteria stay as written (defaults left out), so the URL does not grow on every change.
    return liftSearchCriteriaSchema.safeParse(json).success ? (json as LiftCriteria) : null;
  } catch {
    return null;
  }
}

/**
 * The 0-based page of a 1-based URL value. A page whose first row lies beyond the deepest offset
 * the server serves (a hand-edited page=99999) would be refused with a 400, so it is the first page.
 */
function parsePage(raw: string | null, rows: number): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && (page - 1) * rows <= maxOffset ? page - 1 : 0;
}

/** Anything unknown or malformed in the URL falls back to the default. */
export function parseListState(params: URLSearchParams): LiftListState {
  const rawRows = Number(params.get('rows'));
  const rows = (rowsPerPageOptions as readonly number[]).includes(rawRows) ? rawRows : defaultRows;
  const sort = liftSortSchema.safeParse(params.get('sort'));
  const direction = liftSortDirectionSchema.safeParse(params.get('dir'));
  return {
    search: params.get('search')?.slice(0, 200) ?? '',
    page: parsePage(params.get('page'), rows),
    rows,
    sort: sort.success ? sort.data : defaultListState.sort,
    direction: direction.success ? direction.data : defaultListState.direction,
    advanced: parseAdvanced(params.get('advanced')),
  };
}

/** Only values that differ from the default are written, so plain /lifts stays plain. */
export function listStateParams(state: LiftListState): URLSearchParams {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.advanced !== null) params.set('advanced', JSON.stringify(state.advanced));
  if (state.sort !== defaultListState.sort) params.set('sort', state.sort);
  if (state.direction !== defaultListState.direction) params.set('dir', state.direction);
  if (state.rows !== defaultListState.rows) params.set('rows', String(state.rows));
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}
