import { describe, expect, it } from 'vitest';
import { clearWhenTokenChanges, createQueryClient } from './query-client.ts';
import { sessionActions } from './session/session-store.ts';

describe('query client', () => {
  it('uses the spec §9 data-fetching settings', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ staleTime: 300_000, gcTime: 300_000, retry: false, refetchOnWindowFocus: false });
  });

  it("drops cached data when the token changes, so one user's data never shows for another", () => {
    const client = createQueryClient();
    const stop = clearWhenTokenChanges(client);
    sessionActions.login('token-a');
    client.setQueryData(['lifts'], ['lift of user a']);
    sessionActions.logout();
    expect(client.getQueryData(['lifts'])).toBeUndefined();
    stop();
  });
});
