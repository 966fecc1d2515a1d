import { act, renderHook, waitFor } from '@testing-library/react';
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

  it('reads the list again when a change asks for it, and moves off an organisation that has no lifts', async () => {
    let lifts = 0;
    const api = mockApi({
      'GET /liftwacht/organisation': () => ({
        body: {
          data: {
            items: [
              { id: 1, name: 'Liftwacht Platform', type: 'maintenance', liftCount: 0 },
              { id: 2, name: 'Gemeente Houten', type: 'client', liftCount: lifts },
            ],
            pagination: { limit: 1000, offset: 0 },
            total: 2,
          },
        },
      }),
    });
    signIn('user', 1);
    renderHook(() => useOrganisationListSync());
    await waitFor(() => expect(getSessionState().organisationId).toBe(1));
    // A first lift in the other organisation (the lift form or an import asks for the list again).
    lifts = 2;
    act(() => sessionActions.refreshOrganisationList());
    await waitFor(() => expect(getSessionState().organisationId).toBe(2));
    expect(api.callsTo('GET /liftwacht/organisation')).toHaveLength(2);
  });

  it('keeps what the person picked, lifts or not', async () => {
    mockApi({
      'GET /liftwacht/organisation': {
        body: {
          data: {
            items: [
              { id: 1, name: 'Liftwacht Platform', type: 'maintenance', liftCount: 0 },
              { id: 2, name: 'Gemeente Houten', type: 'client', liftCount: 2 },
            ],
            pagination: { limit: 1000, offset: 0 },
            total: 2,
          },
        },
      },
    });
    signIn('user', 1);
    renderHook(() => useOrganisationListSync());
    await waitFor(() => expect(getSessionState().organisationId).toBe(2));
    act(() => sessionActions.pickOrganisation(1));
    act(() => sessionActions.refreshOrganisationList());
    await waitFor(() => expect(getSessionState().organisationList).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getSessionState().organisationId).toBe(1);
  });

  it('gives a mechanic its own organisation without asking for a list it may not read', async () => {
    const api = mockApi({});
    signIn('monteur', 42);
    renderHook(() => useOrganisationListSync());
    await waitFor(() => expect(getSessionState().organisationId).toBe(42));
    expect(api.calls).toHaveLength(0);
  });
});
