import type { ReactNode } from 'react';
import { ChartErrorPanel } from '../../../components/chart-error-panel.tsx';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';

/** A chart that fails to load or draw shows the shell's chart error panel; the page stays. */
export function ChartBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={({ reset }) => <ChartErrorPanel onRetry={reset} />}>{children}</ErrorBoundary>;
}
