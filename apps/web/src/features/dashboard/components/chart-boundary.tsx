// The shell's ErrorBoundary would do, but importing it from here moves it into a chunk of its own
// that the login route then downloads too (≈0.2 kB gzip on a page at its 200 kB budget). A chart
// boundary needs only this much.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChartErrorPanel } from '../../../components/chart-error-panel.tsx';
import { log } from '../../../lib/log.ts';

interface ChartBoundaryState {
  failed: boolean;
}

/** A chart that fails to load or draw shows the shell's chart error panel; the page stays. */
export class ChartBoundary extends Component<{ children: ReactNode }, ChartBoundaryState> {
  override state: ChartBoundaryState = { failed: false };

  static getDerivedStateFromError(): ChartBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    log.error('chart failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <ChartErrorPanel onRetry={() => this.setState({ failed: false })} />;
  }
}
