import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error.ts';
import { apiErrorMessage } from '../lib/api-error-message.ts';
import { ErrorPanel } from './error-panel.tsx';

interface EntityQueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Shown for a 404: the thing does not exist or belongs to another organisation (DESIGN §5). */
  notFoundText: string;
  children: (data: T) => ReactNode;
}

/** A page about one thing (event, visit): a spinner, "not found", the page error with a retry, or the thing. */
export function EntityQueryState<T>({ query, notFoundText, children }: EntityQueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <Typography role="status">{notFoundText}</Typography>;
    }
    return (
      <ErrorPanel
        title={t('errors.page.title')}
        message={apiErrorMessage(query.error, t)}
        actionLabel={t('errors.page.action')}
        onAction={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}
