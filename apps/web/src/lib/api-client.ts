// The one way the web app talks to the API (spec §7): JSON headers, Bearer token, responses parsed
// with the shared zod contracts, AbortSignal cancellation and the spec's 401 rule (§8).
import type { z } from 'zod';
import {
  ApiError,
  RequestCancelledError,
  networkFailedMessage,
  noAccessTokenMessage,
  requestSetupFailedMessage,
} from './api-error.ts';
import { apiBaseUrl, apiBasePath, nextApiBaseUrl } from './config.ts';
import { log } from './log.ts';
import { getSessionState, sessionActions } from './session/session-store.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParameters = Record<string, string | number | boolean | null | undefined>;

interface BaseOptions {
  query?: QueryParameters;
  /** Serialised as JSON; FormData (a file upload) is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** False for the calls made before login (version, login, password reset): no token needed. */
  authenticated?: boolean;
  /** 'next' targets the spec's second API host (lift details). */
  host?: 'api' | 'next';
  /** More request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * The contract of a response, or a loader of it: the login page's calls pass a loader so zod and the
 * contracts arrive after the page is up, while the request is on its way (scripts/report-size.mjs).
 */
export type ResponseSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export interface JsonRequestOptions<T> extends BaseOptions {
  schema: ResponseSchema<T>;
}

let unauthorizedHandler: () => void = () => undefined;

/** The app registers how to leave the current page on a 401 (the router lives above lib/). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, options: BaseOptions): string {
  const base = options.host === 'next' ? nextApiBaseUrl : apiBaseUrl;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const query = search.size > 0 ? `?${search.toString()}` : '';
  return `${base}${apiBasePath}${path}${query}`;
}

function buildInit(method: HttpMethod, options: BaseOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const multipart = options.body instanceof FormData;
  // Only with a body: the server refuses an empty body declared as JSON (a DELETE, a bare POST).
  // Multipart sets its own type, with the boundary.
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (options.authenticated !== false) {
    const token = getSessionState().userToken;
    // Checked before any call (spec §5) so a signed-out screen never fires anonymous requests.
    if (!token) throw new ApiError('no-token', noAccessTokenMessage);
    headers.Authorization = `Bearer ${token}`;
  }
  return {
    method,
    headers,
    body: options.body === undefined ? null : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal ?? null,
  };
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status text.
  }
  // Loaded here, not imported: the login page gets by without zod until a call fails.
  const parsed = await import('@liftwacht/contracts/common').then(
    ({ errorResponseSchema }) => errorResponseSchema.safeParse(body),
    () => null,
  );
  if (parsed?.success) {
    const { code, message, field } = parsed.data.error;
    return new ApiError('http', message, { status: response.status, code, field, serverMessage: message, body });
  }
  return new ApiError('http', response.statusText || `HTTP ${response.status}`, { status: response.status });
}

async function send(method: HttpMethod, path: string, options: BaseOptions): Promise<Response> {
  let url: string;
  let init: RequestInit;
  try {
    url = buildUrl(path, options);
    init = buildInit(method, options);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('setup', requestSetupFailedMessage, { cause: error });
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted) {
      log.info(`${method} ${path} cancelled`);
      throw new RequestCancelledError();
    }
    throw new ApiError('network', networkFailedMessage, { cause: error });
  }

  if (response.status === 401) {
    log.warn(`${method} ${path} answered 401: signing out`);
    const error = await errorFromResponse(response);
    if (options.authenticated !== false) sessionActions.clearToken();
    unauthorizedHandler();
    throw error;
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/** A JSON call whose answer is validated against its contract. */
export async function apiRequest<T>(method: HttpMethod, path: string, options: JsonRequestOptions<T>): Promise<T> {
  const { schema: source } = options;
  // A loader starts now, so the contract loads while the request is on its way.
  const loading = typeof source === 'function' ? source() : Promise.resolve(source);
  // Awaited below; without this, a failed request would leave a failed load unhandled.
  loading.catch(() => undefined);
  const response = await send(method, path, options);
  let body: unknown;
  try {
    body = response.status === 204 ? {} : await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw new RequestCancelledError();
    throw new ApiError('invalid-response', `${method} ${path}: response is not JSON`, {
      status: response.status,
      cause: error,
    });
  }
  const schema = await loading.catch((error: unknown) => {
    throw new ApiError('network', networkFailedMessage, { cause: error });
  });
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    log.error(`${method} ${path}: response does not match its contract`, parsed.error.issues);
    throw new ApiError('invalid-response', `${method} ${path}: unexpected response`, {
      status: response.status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** A call answered with a file (a PDF report, an export): the response, for its body and its headers. */
export function apiRequestResponse(method: HttpMethod, path: string, options: BaseOptions = {}): Promise<Response> {
  return send(method, path, options);
}
