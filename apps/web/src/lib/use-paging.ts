import { useState } from 'react';

export interface Paging {
  page: number;
  rows: number;
  /** The first row of the page, for the API's offset. */
  offset: number;
  setPage: (page: number) => void;
  /** Another page size starts again at the first page. */
  setRows: (rows: number) => void;
}

/** Page and page size of a server-side list. */
export function usePaging(initialRows: number): Paging {
  const [page, setPage] = useState(0);
  const [rows, setRowsState] = useState(initialRows);
  return {
    page,
    rows,
    offset: page * rows,
    setPage,
    setRows: (next) => {
      setRowsState(next);
      setPage(0);
    },
  };
}
