// Requests and small worlds for the administration tests.
import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from '@liftwacht/contracts/auth';
import { apiClient } from '../../test-support/api-client.ts';
import { decodeQuotedPrintable, type TestApp } from '../../test-support/test-app.ts';

/** A caller that signs in once per username and sends JSON to /liftwacht/admin/…. */
export const adminClient = (t: TestApp) => apiClient(t, '/liftwacht/admin');

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
