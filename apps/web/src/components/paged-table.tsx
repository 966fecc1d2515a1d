import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Paging } from '../lib/use-paging.ts';
import { TablePager } from './table-pager.tsx';

interface PagedTableProps {
  total: number;
  /** Shown (as a status) when the list is empty. */
  emptyText: string;
  paging: Paging;
  rowsPerPageOptions: readonly number[];
  /** The table of the current page. */
  children: ReactNode;
}

/** One page of a server-side list with its pager, or the empty text. */
export function PagedTable({ total, emptyText, paging, rowsPerPageOptions, children }: PagedTableProps) {
  if (total === 0) {
    return (
      <Typography role="status" variant="body2" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <>
      <TableContainer>{children}</TableContainer>
      <TablePager
        total={total}
        page={paging.page}
        rows={paging.rows}
        rowsPerPageOptions={rowsPerPageOptions}
        onPage={paging.setPage}
        onRows={paging.setRows}
      />
    </>
  );
}
