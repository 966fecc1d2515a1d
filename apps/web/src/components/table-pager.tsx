import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

interface TablePagerProps {
  total: number;
  page: number;
  rows: number;
  rowsPerPageOptions: readonly number[];
  onPage: (page: number) => void;
  onRows: (rows: number) => void;
}

/** Server-side paging under a table, in the user's language (buttons named for screen readers too). */
export function TablePager({ total, page, rows, rowsPerPageOptions, onPage, onRows }: TablePagerProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      onPageChange={(_event, next) => onPage(next)}
      rowsPerPage={rows}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      onRowsPerPageChange={(event) => onRows(Number(event.target.value))}
      labelRowsPerPage={t('pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('pagination.displayed', { from, to, count })}
      getItemAriaLabel={(type) => t(`pagination.${type}`)}
    />
  );
}
