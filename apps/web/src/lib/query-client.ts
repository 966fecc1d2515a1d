import { QueryClient } from '@tanstack/react-query';

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

/** The application's client; tests create their own with createQueryClient(). */
export const queryClient = createQueryClient();
