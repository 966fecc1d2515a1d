// React still needs a class to catch render errors; every boundary of spec §2 is this one with
// a different fallback.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { log } from '../lib/log.ts';

export interface ErrorFallbackProps {
  error: unknown;
  /** Renders the children again (for "Try Again" / "Retry"). */
  reset: () => void;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (props: ErrorFallbackProps) => ReactNode;
  /** The boundary resets itself when any of these change (e.g. the location). */
  resetKeys?: readonly unknown[];
  /** Called before the children are rendered again. */
  onReset?: () => void;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

const changed = (a: readonly unknown[] = [], b: readonly unknown[] = []): boolean =>
  a.length !== b.length || a.some((value, index) => !Object.is(value, b[index]));

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    log.error('render error', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.hasError && changed(previous.resetKeys, this.props.resetKeys)) this.reset();
  }

  reset = (): void => {
    this.props.onReset?.();
    this.setState({ error: null, hasError: false });
  };

  override render(): ReactNode {
    if (this.state.hasError) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
