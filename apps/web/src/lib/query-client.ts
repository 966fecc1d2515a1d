import { QueryClient } from '@tanstack/react-query';
import { getSessionState, subscribeToSession } from './session/session-store.ts';

// Spec §9: data stays fresh for 5 minutes, is garbage-collected after 5 minutes, failed calls are
// not retried (errors are shown at once) and a tab regaining focus does not refetch.
export const queryDefaults = {
  staleTime: 300_000,
  gcTime: 5 * 60_000,
  retry: false,
  refetchOnWindowFocus: false,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: queryDefaults,
      mutations: { retry: false },
    },
  });
}

/** Cached data belongs to the token that fetched it: another user must never see it. */
export function clearWhenTokenChanges(client: QueryClient): () => void {
  let previous = getSessionState().userToken;
  return subscribeToSession(() => {
    const current = getSessionState().userToken;
    if (current === previous) return;
    if (previous !== null) client.clear();
    previous = current;
  });
}

/** The application's client, loaded with the signed-in shell; tests create their own. */
export const queryClient = createQueryClient();
clearWhenTokenChanges(queryClient);
