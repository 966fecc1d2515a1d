import CircularProgress from '@mui/material/CircularProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message.ts';
import { ErrorPanel } from './error-panel.tsx';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** A part of a page (small spinner, the component error) or a page's own content (the page error). */
  level?: 'component' | 'page';
  children: (data: T) => ReactNode;
}

/** A loading spinner, or the error with a retry (spec §8 "Verbindingsfout"), or the data. */
export function QueryState<T>({ query, level = 'component', children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <CircularProgress size={level === 'component' ? 24 : 40} aria-label={t('loading')} />;
  if (query.isError) {
    return (
      <ErrorPanel
        title={t(level === 'component' ? 'errors.component.title' : 'errors.page.title')}
        message={apiErrorMessage(query.error, t)}
        actionLabel={t(level === 'component' ? 'errors.component.action' : 'errors.page.action')}
        onAction={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}
