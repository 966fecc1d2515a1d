import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { editedLiftResponseSchema, type CreateLift, type UpdateLift } from '@liftwacht/contracts/lift-editing';
import type { Lift } from '@liftwacht/contracts/lifts';
import { apiRequest } from '../../../lib/api-client.ts';
import { liftQueryOptions } from './get-lift.ts';

/** The saved lift is the one the lift page shows; every list and search may have changed. */
function remember(client: QueryClient, lift: Lift): Promise<void> {
  client.setQueryData(liftQueryOptions(String(lift.id)).queryKey, lift);
  return client.invalidateQueries({ queryKey: ['lifts'], predicate: (query) => query.queryKey[1] !== 'detail' });
}

/** POST /liftwacht/admin/lifts: a new lift of an organisation (lifts.manage). */
export function useCreateLift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateLift) =>
      (await apiRequest('POST', '/admin/lifts', { schema: editedLiftResponseSchema, body })).data,
    onSuccess: (lift) => remember(client, lift),
  });
}

/**
 * PATCH /liftwacht/admin/lifts/{id}: changed fields and/or decommissionedOn, with the version the
 * edit started from; a stale one answers 409 with the current lift.
 */
export function useUpdateLift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateLift }) =>
      (await apiRequest('PATCH', `/admin/lifts/${id}`, { schema: editedLiftResponseSchema, body })).data,
    onSuccess: (lift) => remember(client, lift),
  });
}
