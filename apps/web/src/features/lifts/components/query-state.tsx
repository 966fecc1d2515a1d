import CircularProgress from '@mui/material/CircularProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** A panel's loading spinner, or its error with a retry (spec §8 "Verbindingsfout"), or its data. */
export function QueryState<T>({ query, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <CircularProgress size={24} aria-label={t('loading')} />;
  if (query.isError) {
    return (
      <ErrorPanel
        title={t('errors.component.title')}
        message={apiErrorMessage(query.error, t)}
        actionLabel={t('errors.component.action')}
        onAction={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}
