import { useCallback, useEffect, useRef, useState } from 'react';

interface AsyncActionState {
  isPending: boolean;
  error: unknown;
}

/** 'ignored': a call while the previous one still runs (a double submit) does nothing. */
export type ActionOutcome = 'succeeded' | 'failed' | 'ignored';

interface AsyncAction<A extends unknown[]> extends AsyncActionState {
  run: (...args: A) => Promise<ActionOutcome>;
}

/**
 * Pending/error state of a user-triggered call (log in, request a reset). The signed-out pages use
 * it instead of TanStack Query, which then loads only with the signed-in shell (bundle budget).
 */
export function useAsyncAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>): AsyncAction<A> {
  const [state, setState] = useState<AsyncActionState>({ isPending: false, error: null });
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (...args: A): Promise<ActionOutcome> => {
      if (running.current) return 'ignored';
      running.current = true;
      setState({ isPending: true, error: null });
      try {
        await action(...args);
        if (mounted.current) setState({ isPending: false, error: null });
        return 'succeeded';
      } catch (error) {
        if (mounted.current) setState({ isPending: false, error });
        return 'failed';
      } finally {
        running.current = false;
      }
    },
    [action],
  );

  return { ...state, run };
}
