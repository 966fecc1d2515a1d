// API hosts are configuration so the SPA can be served apart from the API. Both default to the
// page's own origin, which is how `npm start` and the Vite dev proxy serve it.
const withoutTrailingSlash = (value: string | undefined): string => (value ?? '').trim().replace(/\/+$/, '');

export const apiBaseUrl = withoutTrailingSlash(import.meta.env.VITE_API_BASE_URL);

export const nextApiBaseUrl = withoutTrailingSlash(import.meta.env.VITE_NEXT_API_BASE_URL) || apiBaseUrl;

/** Every API path starts with the product's base path. */
export const apiBasePath = '/liftwacht';

/**
 * The Socket.IO endpoint (spec §7: production may serve it apart from the API). Empty: the API
 * host, and without one the page's own origin.
 */
export const socketBaseUrl = withoutTrailingSlash(import.meta.env.VITE_SOCKET_URL) || apiBaseUrl;
