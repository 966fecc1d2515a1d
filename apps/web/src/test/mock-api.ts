// A fetch stub for component tests: answers per "METHOD /path" and records every call.
import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  body?: unknown;
  /** Extra response headers (a file's Content-Disposition). */
  headers?: Record<string, string>;
}

type Handler = MockResponse | ((request: RecordedRequest) => MockResponse | Promise<MockResponse>);

export interface RecordedRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init?.headers),
      // JSON as parsed; a multipart upload as its FormData.
      body:
        typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined,
    };
    calls.push(request);
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) {
      return new Response(
        JSON.stringify({ error: { code: 'not_found', message: `No mock for ${method} ${url.pathname}` } }),
        {
          status: 404,
        },
      );
    }
    const { status = 200, body = {}, headers } = typeof handler === 'function' ? await handler(request) : handler;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}

/** A fetch that never answers, for pending states. */
export function pendingFetch() {
  const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
