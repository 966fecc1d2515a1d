import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';

interface SortableHeaderCellProps<F extends string> {
  /** The sort field of this column; null for a column the server cannot sort by. */
  field: F | null;
  sort: F;
  direction: 'asc' | 'desc';
  onSort: (field: F) => void;
  children: ReactNode;
}

/** A column header of a server-sorted table: a sort button with the current direction, or plain text. */
export function SortableHeaderCell<F extends string>({
  field,
  sort,
  direction,
  onSort,
  children,
}: SortableHeaderCellProps<F>) {
  const active = field !== null && field === sort;
  return (
    <TableCell sortDirection={active ? direction : false}>
      {field === null ? (
        children
      ) : (
        <TableSortLabel active={active} direction={active ? direction : 'asc'} onClick={() => onSort(field)}>
          {children}
        </TableSortLabel>
      )}
    </TableCell>
  );
}
