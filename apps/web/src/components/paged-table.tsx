import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Paging } from '../lib/use-paging.ts';
import { ScrollableTable } from './scrollable-table.tsx';
import { TablePager } from './table-pager.tsx';

interface PagedTableProps {
  /** The table's name (its aria-label), for the region it scrolls in on a narrow screen. */
  label: string;
  total: number;
  /** Shown (as a status) when the list is empty. */
  emptyText: string;
  paging: Paging;
  rowsPerPageOptions: readonly number[];
  /** The table of the current page. */
  children: ReactNode;
}

/** One page of a server-side list with its pager, or the empty text. */
export function PagedTable({ label, total, emptyText, paging, rowsPerPageOptions, children }: PagedTableProps) {
  if (total === 0) {
    return (
      <Typography role="status" variant="body2" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <>
      <ScrollableTable label={label}>{children}</ScrollableTable>
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
