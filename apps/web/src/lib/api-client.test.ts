import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../test/mock-api.ts';
import { apiRequest, onUnauthorized } from './api-client.ts';
import { ApiError, RequestCancelledError } from './api-error.ts';
import { getSessionState, sessionActions } from './session/session-store.ts';
import { storageKeys } from './storage.ts';

const schema = z.object({ data: z.object({ value: z.number() }) });

describe('api client', () => {
  it('sends JSON headers and the Bearer token, and parses the answer with the contract', async () => {
    sessionActions.login('secret');
    const api = mockApi({ 'POST /liftwacht/thing': { body: { data: { value: 3 } } } });

    const result = await apiRequest('POST', '/thing', {
      schema,
      body: { a: 1 },
      query: { limit: 10, skip: undefined },
    });

    expect(result).toEqual({ data: { value: 3 } });
    const [call] = api.calls;
    expect(call?.url.search).toBe('?limit=10');
    expect(call?.headers.get('Authorization')).toBe('Bearer secret');
    expect(call?.headers.get('Accept')).toBe('application/json');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({ a: 1 });
  });

  it('loads a contract given as a loader while the request runs, and parses with it', async () => {
    mockApi({
      'GET /liftwacht/version': { body: { data: { value: 3 } } },
      'GET /liftwacht/other': { body: { data: { value: 'three' } } },
    });
    const load = vi.fn(() => Promise.resolve(schema));
    await expect(apiRequest('GET', '/version', { schema: load, authenticated: false })).resolves.toEqual({
      data: { value: 3 },
    });
    expect(load).toHaveBeenCalledOnce();
    const error: unknown = await apiRequest('GET', '/other', { schema: load, authenticated: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('invalid-response');
  });

  it('reports a contract that cannot be loaded as a network failure', async () => {
    mockApi({ 'GET /liftwacht/version': { body: { data: { value: 3 } } } });
    const error: unknown = await apiRequest('GET', '/version', {
      schema: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      authenticated: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
  });

  it('declares no JSON body when there is none (the server refuses an empty one declared as JSON)', async () => {
    sessionActions.login('secret');
    const api = mockApi({ 'DELETE /liftwacht/thing/1': { body: { data: { value: 1 } } } });
    await apiRequest('DELETE', '/thing/1', { schema });
    expect(api.calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('refuses an authenticated call without a token before calling (spec §5)', async () => {
    const api = mockApi({});
    await expect(apiRequest('GET', '/thing', { schema })).rejects.toThrow(
      'No access token to communicate with external Api',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('calls without a token when the call is public', async () => {
    const api = mockApi({ 'GET /liftwacht/version': { body: { data: { value: 1 } } } });
    await apiRequest('GET', '/version', { schema, authenticated: false });
    expect(api.calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('on 401 clears the stored token and hands over to the redirect (spec §8)', async () => {
    sessionActions.login('expired');
    const redirect = vi.fn();
    onUnauthorized(redirect);
    mockApi({
      'GET /liftwacht/user': { status: 401, body: { error: { code: 'token_expired', message: 'Token expired' } } },
    });

    const error: unknown = await apiRequest('GET', '/user', { schema }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'token_expired' });
    expect(localStorage.getItem(storageKeys.userToken)).toBeNull();
    expect(getSessionState().userToken).toBeNull();
    expect(redirect).toHaveBeenCalledOnce();
  });

  it('turns error bodies into ApiErrors with code, message and field', async () => {
    sessionActions.login('t');
    mockApi({
      'POST /liftwacht/thing': {
        status: 400,
        body: { error: { code: 'validation_failed', message: 'Too short', field: 'password' } },
      },
    });
    await expect(apiRequest('POST', '/thing', { schema })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      code: 'validation_failed',
      message: 'Too short',
      field: 'password',
    });
  });

  it("keeps the whole error body, so a 409 conflict's current object reaches the form", async () => {
    sessionActions.login('t');
    const body = { error: { code: 'conflict', message: 'Changed meanwhile' }, current: { id: 2, version: 4 } };
    mockApi({ 'PATCH /liftwacht/thing': { status: 409, body } });
    await expect(apiRequest('PATCH', '/thing', { schema })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      body,
    });
  });

  it('reports an answer that breaks the contract', async () => {
    sessionActions.login('t');
    mockApi({ 'GET /liftwacht/thing': { body: { data: { value: 'three' } } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiRequest('GET', '/thing', { schema })).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('reports "Network request failed" when there is no answer', async () => {
    sessionActions.login('t');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('GET', '/thing', { schema })).rejects.toMatchObject({
      kind: 'network',
      message: 'Network request failed',
    });
  });

  it('reports "Request setup failed" when the request cannot be built', async () => {
    sessionActions.login('t');
    mockApi({});
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(apiRequest('POST', '/thing', { schema, body: circular })).rejects.toMatchObject({
      kind: 'setup',
      message: 'Request setup failed',
    });
  });

  it('turns an aborted request into a cancellation, not an error to show', async () => {
    sessionActions.login('t');
    mockApi({ 'GET /liftwacht/thing': { body: { data: { value: 1 } } } });
    const controller = new AbortController();
    controller.abort();
    await expect(apiRequest('GET', '/thing', { schema, signal: controller.signal })).rejects.toBeInstanceOf(
      RequestCancelledError,
    );
  });
});
