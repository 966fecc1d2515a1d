import type { Paging } from './use-paging.ts';
import type { UpdateList } from './use-url-list-state.ts';
import type { Paged } from './list-params.ts';

/** The shared pager's interface over a page kept in the URL; another page size starts at page 1. */
export function urlPaging<S extends Paged>(state: S, update: UpdateList<S>): Paging {
  return {
    page: state.page,
    rows: state.rows,
    offset: state.page * state.rows,
    setPage: (page) => update({ page } as Partial<S>),
    setRows: (rows) => update({ rows, page: 0 } as Partial<S>),
  };
}
