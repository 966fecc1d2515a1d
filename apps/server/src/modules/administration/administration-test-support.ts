// Requests and small worlds for the administration tests.
import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from '@liftwacht/contracts/auth';
import { decodeQuotedPrintable, type TestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A caller that signs in once per username and sends JSON to /liftwacht/admin/…. */
export function adminClient(t: TestApp) {
  const tokens = new Map<string, string>();
  const tokenOf = async (username: string) => {
    const known = tokens.get(username);
    if (known) return known;
    const token = await t.login(username);
    tokens.set(username, token);
    return token;
  };
  const send = async (username: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/liftwacht/admin${url}`,
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

/** The `data` of a success body, typed by the caller (the test checks the shape it cares about). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a typed read, like res.json<T>()
export const dataOf = <T>(res: LightMyRequestResponse): T => res.json<{ data: T }>().data;

let invitees = 0;

/** A unique invitation body for the organisation. */
export function invitation(organisationId: number, roles: RoleName[] = ['user'], locale = 'nl') {
  invitees += 1;
  const username = `invitee-${String(invitees)}-${String(Date.now() % 100_000)}`;
  return {
    username,
    name: `Invitee ${String(invitees)}`,
    email: `${username}@example.test`,
    organisationId,
    roles,
    locale,
  };
}

/** The token of the last link mailed to `email` since `before` mails. */
export function mailedToken(t: TestApp, email: string, before = 0): { token: string; mail: string } {
  const mails = t
    .outbox()
    .slice(before)
    .map(decodeQuotedPrintable)
    .filter((m) => m.includes(email));
  const mail = mails.at(-1) ?? '';
  const token = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return { token, mail };
}
