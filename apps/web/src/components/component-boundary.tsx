import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorPanel } from './error-panel.tsx';

interface ComponentBoundaryProps {
  children: ReactNode;
  /** E.g. refetch the data the component failed on, before it renders again. */
  onRetry?: () => void;
}

/** Catches one card, chart or strip so the rest of the page stays usable. */
export function ComponentBoundary({ children, onRetry }: ComponentBoundaryProps) {
  return (
    <ErrorBoundary onReset={onRetry} fallback={({ reset }) => <ComponentErrorFallback onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}

function ComponentErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorPanel title={t('errors.component.title')} actionLabel={t('errors.component.action')} onAction={onRetry} />
  );
}
