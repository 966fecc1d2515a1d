import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { maxOffset } from '@liftwacht/contracts/common';

interface TablePagerProps {
  total: number;
  page: number;
  rows: number;
  rowsPerPageOptions: readonly number[];
  onPage: (page: number) => void;
  onRows: (rows: number) => void;
}

/** Rows the pager pages through: no further than the page that starts at the deepest offset the server serves. */
const pageableRows = (total: number, rows: number): number =>
  Math.min(total, Math.floor(maxOffset / rows) * rows + rows);

/** Server-side paging under a table, in the user's language (buttons named for screen readers too). */
export function TablePager({ total, page, rows, rowsPerPageOptions, onPage, onRows }: TablePagerProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      // A list of millions ends its pages where the server stops (maxOffset); the label keeps the real total.
      count={pageableRows(total, rows)}
      page={page}
      onPageChange={(_event, next) => onPage(next)}
      rowsPerPage={rows}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      onRowsPerPageChange={(event) => onRows(Number(event.target.value))}
      labelRowsPerPage={t('pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to }) => t('pagination.displayed', { from, to, count: total })}
      getItemAriaLabel={(type) => t(`pagination.${type}`)}
    />
  );
}
