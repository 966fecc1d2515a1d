import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message.ts';
import type { Paging } from '../lib/use-paging.ts';
import { ErrorPanel } from './error-panel.tsx';
import { PagedTable } from './paged-table.tsx';

interface PagedResultsProps<T extends { total: number }> {
  query: UseQueryResult<T>;
  /** The table's name (its aria-label), for the region it scrolls in on a narrow screen. */
  label: string;
  /** Shown (as a status) when the server finds nothing. */
  emptyText: string;
  /** Title of the error panel; the page error title by default. */
  errorTitle?: string;
  paging: Paging;
  rowsPerPageOptions: readonly number[];
  /** The table for one page of results. */
  children: (data: T) => ReactNode;
}

/**
 * One page of a server-side list: a progress bar while fetching, the error panel with a retry
 * (spec §8 messages), the empty state, or the table with its pager.
 */
export function PagedResults<T extends { total: number }>(props: PagedResultsProps<T>) {
  const { query, label, emptyText, paging, rowsPerPageOptions, children } = props;
  const { t } = useTranslation();
  return (
    <>
      {/* Not for a refetch of the rows shown (a live list's push): the bar would shift the table each time. */}
      {query.isFetching && (query.isPlaceholderData || !query.data) ? (
        <LinearProgress aria-label={t('loading')} />
      ) : null}
      {query.isError ? (
        <ErrorPanel
          title={props.errorTitle ?? t('errors.page.title')}
          message={apiErrorMessage(query.error, t)}
          actionLabel={t('errors.page.action')}
          onAction={() => void query.refetch()}
        />
      ) : query.data?.total === 0 ? (
        <Typography role="status" sx={{ py: 3 }}>
          {emptyText}
        </Typography>
      ) : query.data ? (
        <Paper variant="outlined">
          <PagedTable
            label={label}
            total={query.data.total}
            emptyText={emptyText}
            paging={paging}
            rowsPerPageOptions={rowsPerPageOptions}
          >
            {children(query.data)}
          </PagedTable>
        </Paper>
      ) : null}
    </>
  );
}
