// Toasts (spec §9) for the signed-out pages (login, password reset, setup) and the session checks
// above every route. sonner is loaded with the first toast, not with the page: most visits to the
// login page show none, and sonner is ~9 kB gzip (scripts/report-size.mjs). The Toaster mounts
// then too (app/providers.tsx) and shows the toasts raised before it was there. Once signed in it
// is always mounted, so the signed-in pages import sonner directly.
import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the Toaster from now on: at the first toast, or once signed in. */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

/** Unmounts the Toaster again: the unit test files share this module (src/test/setup.ts). */
export function resetToastsForTests(): void {
  wanted = false;
  listeners.forEach((listener) => listener());
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

function show(kind: 'error' | 'info' | 'success', message: string, options?: ExternalToast): void {
  wantToasts();
  import('sonner').then(
    ({ toast }) => toast[kind](message, options),
    // Without the chunk there is no toast to show; the page itself still works.
    () => undefined,
  );
}

export const toast = {
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  success: (message: string, options?: ExternalToast) => show('success', message, options),
};
