import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSessionState, sessionActions } from '../../../lib/session/session-store.ts';
import { organisations, userWithRole } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { useOrganisationListSync } from './use-organisation-list-sync.ts';

function signIn(role: 'user' | 'monteur', organisationId: number) {
  sessionActions.login('token');
  sessionActions.setUser(userWithRole(role, { organisation_id: organisationId }));
}

describe('useOrganisationListSync', () => {
  it('stores the organisation list and picks the only organisation', async () => {
    const api = mockApi({
      'GET /liftwacht/organisation': {
        body: { data: { items: organisations.slice(0, 1), pagination: { limit: 1000, offset: 0 }, total: 1 } },
      },
    });
    signIn('user', 1);
    renderHook(() => useOrganisationListSync());
    await waitFor(() => expect(getSessionState().organisationList).toHaveLength(1));
    expect(getSessionState().organisationId).toBe(organisations[0]?.id);
    expect(api.callsTo('GET /liftwacht/organisation')[0]?.url.searchParams.get('limit')).toBe('1000');
  });

  it('gives a mechanic its own organisation without asking for a list it may not read', async () => {
    const api = mockApi({});
    signIn('monteur', 42);
    renderHook(() => useOrganisationListSync());
    await waitFor(() => expect(getSessionState().organisationId).toBe(42));
    expect(api.calls).toHaveLength(0);
  });
});
