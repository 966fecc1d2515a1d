// Refetches queries when the server pushes a change for the organisation (issue 7: dashboards in
// current view and current calls refresh on a push, not only on their timer).
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OrganisationChangeKind } from '@liftwacht/contracts/realtime';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { coalesce } from '../lib/coalesce.ts';
import { organisationChannel } from '../lib/organisation-channel.ts';

/** A burst of pushes (a fleet-wide outage) refetches at most once per this window. */
export const refetchWindowMs = 2000;

const selectUserToken = (state: SessionState) => state.userToken;

/**
 * While organisationId is set, invalidates the given queries when a change of one of `kinds`
 * (default: any) is pushed for it. Pass null to stop following (e.g. period view).
 */
export function useRefetchOnOrganisationChange(
  organisationId: number | null,
  queryKeys: readonly QueryKey[],
  kinds?: readonly OrganisationChangeKind[],
): void {
  const queryClient = useQueryClient();
  const token = useSession(selectUserToken);
  // The latest keys without reconnecting when a caller builds them anew on each render.
  const latest = useRef({ queryKeys, kinds });
  useEffect(() => {
    latest.current = { queryKeys, kinds };
  });

  useEffect(() => {
    if (token === null || organisationId === null) return;
    const refetch = coalesce(() => {
      for (const queryKey of latest.current.queryKeys) void queryClient.invalidateQueries({ queryKey });
    }, refetchWindowMs);
    const unfollow = organisationChannel.follow(token, organisationId, (message) => {
      const wanted = latest.current.kinds;
      if (wanted === undefined || message.kinds.some((kind) => wanted.includes(kind))) refetch.call();
    });
    return () => {
      unfollow();
      refetch.cancel();
    };
  }, [token, organisationId, queryClient]);
}
