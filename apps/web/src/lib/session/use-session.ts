import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeToSession, type SessionState } from './session-store.ts';

/**
 * Reads one value of the session state and re-renders when it changes. The selector must return
 * a primitive or a reference kept in the state (not a new object each call).
 */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useSyncExternalStore(subscribeToSession, () => selector(getSessionState()));
}
