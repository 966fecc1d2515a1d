import TablePagination from '@mui/material/TablePagination';
import type { SxProps, Theme } from '@mui/material/styles';
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

/**
 * On a phone the pager's parts wrap onto a second line rather than scroll sideways in a box of
 * their own, and its buttons are a finger's size (WCAG 2.5.5: 44 × 44 px). From sm up it keeps
 * MUI's single line, where the spacer pushes everything to the right.
 */
const pagerLayout: SxProps<Theme> = {
  '& .MuiTablePagination-toolbar': {
    flexWrap: { xs: 'wrap', sm: 'nowrap' },
    justifyContent: 'flex-end',
    columnGap: 1,
    pl: { xs: 0, sm: 2 },
  },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-actions': { ml: { xs: 0, sm: 2.5 } },
  '& .MuiIconButton-root': { minWidth: 44, minHeight: 44 },
};

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
      sx={pagerLayout}
    />
  );
}
