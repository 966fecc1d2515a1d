// Toasts (spec §9) for the pages a first visit downloads (login, the session checks above every
// route). sonner is loaded when the first toast is shown, not with the page: the login page shows
// none until something goes wrong, and sonner is ~9 kB gzip of its budget (scripts/report-size.mjs).
// The Toaster is loaded the same way (app/providers.tsx) and shows toasts raised before it was there.
// Signed-in pages import sonner directly: their chunks load it anyway.
import type { ExternalToast } from 'sonner';

const loadSonner = () => import('sonner');

function show(kind: 'error' | 'success', message: string, options?: ExternalToast): void {
  loadSonner().then(
    ({ toast }) => toast[kind](message, options),
    // Without the chunk there is no toast to show; the page itself still works.
    () => undefined,
  );
}

export const toast = {
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  success: (message: string, options?: ExternalToast) => show('success', message, options),
};
