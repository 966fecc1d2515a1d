// Requests for the lift form tests: a caller that signs in once per user (again after the clock
// moved).
import type { LightMyRequestResponse } from 'fastify';
import type { CreateLiftInput } from '@liftwacht/contracts/lift-editing';
import type { TestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH';

export function liftClient(t: TestApp) {
  const tokens = new Map<string, string>();
  const send = async (username: string, method: Method, url: string, payload?: unknown) => {
    const key = `${username}@${String(t.clock.now().getTime())}`;
    const token = tokens.get(key) ?? (await t.login(username));
    tokens.set(key, token);
    return t.app.inject({
      method,
      url: `/liftwacht${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };
  return {
    get: (username: string, url: string) => send(username, 'GET', url),
    create: (username: string, body: CreateLiftInput | Record<string, unknown>) =>
      send(username, 'POST', '/admin/lifts', body),
    edit: (username: string, id: number, body: Record<string, unknown>) =>
      send(username, 'PATCH', `/admin/lifts/${String(id)}`, body),
  };
}

/** The `data` of a success body, typed by the caller. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a typed read, like res.json<T>()
export const dataOf = <T>(res: LightMyRequestResponse): T => res.json<{ data: T }>().data;
