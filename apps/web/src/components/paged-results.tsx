import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message.ts';
import { ErrorPanel } from './error-panel.tsx';
import { TablePager } from './table-pager.tsx';

interface PagedResultsProps<T extends { total: number }> {
  query: UseQueryResult<T>;
  /** Shown (as a status) when the server finds nothing. */
  emptyText: string;
  /** Title of the error panel; the page error title by default. */
  errorTitle?: string;
  page: number;
  rows: number;
  rowsPerPageOptions: readonly number[];
  onPage: (page: number) => void;
  onRows: (rows: number) => void;
  /** The table for one page of results. */
  children: (data: T) => ReactNode;
}

/**
 * One page of a server-side list: a progress bar while fetching, the error panel with a retry
 * (spec §8 messages), the empty state, or the table with its pager.
 */
export function PagedResults<T extends { total: number }>(props: PagedResultsProps<T>) {
  const { query, emptyText, page, rows, rowsPerPageOptions, onPage, onRows, children } = props;
  const { t } = useTranslation();
  return (
    <>
      {query.isFetching ? <LinearProgress aria-label={t('loading')} /> : null}
      {query.isError ? (
        <ErrorPanel
          title={props.errorTitle ?? t('errors.page.title')}
          message={apiErrorMessage(query.error, t)}
          actionLabel={t('errors.page.action')}
          onAction={() => void query.refetch()}
        />
      ) : query.data ? (
        query.data.total === 0 ? (
          <Typography role="status" sx={{ py: 3 }}>
            {emptyText}
          </Typography>
        ) : (
          <Paper variant="outlined">
            <TableContainer>{children(query.data)}</TableContainer>
            <TablePager
              total={query.data.total}
              page={page}
              rows={rows}
              rowsPerPageOptions={rowsPerPageOptions}
              onPage={onPage}
              onRows={onRows}
            />
          </Paper>
        )
      ) : null}
    </>
  );
}
