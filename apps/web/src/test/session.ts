import type { User } from '@liftwacht/contracts/auth';
import type { PickableOrganisation } from '@liftwacht/contracts/organisations';
import { reloadSessionFromStorage } from '../lib/session/session-store.ts';
import { storageKeys } from '../lib/storage.ts';
import { organisations } from './fixtures.ts';
import { mockApi, type MockResponse } from './mock-api.ts';

/** A stored token whose profile the (mocked) API returns: the app restores this session. */
export function storedSession(
  user: User,
  options: { organisationList?: PickableOrganisation[]; extra?: Record<string, MockResponse> } = {},
) {
  const organisationList = options.organisationList ?? organisations;
  localStorage.setItem(storageKeys.userToken, 'test-token');
  reloadSessionFromStorage();
  return mockApi({
    'GET /liftwacht/user': { body: { data: user } },
    'GET /liftwacht/user/organisation': { body: { data: organisations[0] } },
    'GET /liftwacht/organisation': {
      body: {
        data: { items: organisationList, pagination: { limit: 1000, offset: 0 }, total: organisationList.length },
      },
    },
    'POST /liftwacht/auth/logout': { body: { data: { ok: true } } },
    ...options.extra,
  });
}
