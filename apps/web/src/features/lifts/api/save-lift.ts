import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CreateLift, UpdateLift } from '@liftwacht/contracts/lift-editing';
// The answer is the lift as GET /lift/{id} has it (the contract's editedLiftResponseSchema is this
// schema); parsed with the lifts contract, which the lift page loads anyway.
import { liftResponseSchema, type Lift } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { liftQueryOptions } from './get-lift.ts';

/**
 * POST /liftwacht/admin/lifts (a new lift of an organisation) and PATCH /liftwacht/admin/lifts/{id}
 * (changed fields and/or decommissionedOn, with the version the edit started from; a stale one
 * answers 409 with the current lift). The saved lift is the one the lift page shows from then on;
 * every list and search may have changed. Plain calls rather than useMutation: the callers keep
 * their state with useAsyncAction, so TanStack's mutation code is not shared into one more chunk
 * the entry lists for preloading (login route size budget).
 */
export function useSaveLift() {
  const client = useQueryClient();
  return useMemo(() => {
    const remember = async (lift: Lift): Promise<Lift> => {
      client.setQueryData(liftQueryOptions(String(lift.id)).queryKey, lift);
      await client.invalidateQueries({ queryKey: ['lifts'], predicate: (query) => query.queryKey[1] !== 'detail' });
      // The picker's lift counts (a first lift moves the session off an organisation without any).
      sessionActions.refreshOrganisationList();
      return lift;
    };
    return {
      create: async (body: CreateLift) =>
        remember((await apiRequest('POST', '/admin/lifts', { schema: liftResponseSchema, body })).data),
      update: async (id: number, body: UpdateLift) =>
        remember((await apiRequest('PATCH', `/admin/lifts/${id}`, { schema: liftResponseSchema, body })).data),
    };
  }, [client]);
}
