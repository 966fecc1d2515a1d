// A caller for API tests that signs each user in once and sends JSON as them: what test files
// wrote again as a token map and a send function of their own.
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends to `${base}${url}` (base /liftwacht unless given) with the user's bearer token. */
export function apiClient(t: TestApp, base = '/liftwacht') {
  const tokens = new Map<string, string>();
  const tokenOf = async (username: string) => {
    const known = tokens.get(username);
    if (known) return known;
    const token = await t.login(username);
    tokens.set(username, token);
    return token;
  };
  const send = async (
    username: string,
    method: ApiMethod,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: `${base}${url}`,
      headers: { authorization: `Bearer ${await tokenOf(username)}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    send,
    get: (username: string, url: string) => send(username, 'GET', url),
    /**
     * Signs in now. Before a race, so the sign-in is not part of it: a sign-in that came after a
     * racing disable of that person answered 401 and failed the test instead of the request.
     */
    signIn: async (username: string) => {
      await tokenOf(username);
    },
    /** Forgets a cached token (after a password change or a disable). */
    forget: (username: string) => tokens.delete(username),
  };
}
