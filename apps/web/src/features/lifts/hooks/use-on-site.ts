import { useQuery } from '@tanstack/react-query';
import type { Lift } from '@liftwacht/contracts/lifts';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import { selectUserMechanic } from '../../../lib/session/session-selectors.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { onSiteQueryOptions } from '../api/get-on-site.ts';

/**
 * The on-site summary, for whom it is: a mechanic on any lift page, and anyone who opened this
 * lift through its sticker (the session is locked to it) — people standing at the lift. Others
 * have the current statuses, the events and the calls lists instead. It follows the organisation's
 * pushes (events, calls, visits, modules) like the dashboard, and refetches every minute besides.
 */
export function useOnSite(lift: Lift) {
  const allowed = usePermission('lifts.onSite');
  const mechanic = useSession(selectUserMechanic);
  const lockedHere = useSession((state) => state.lockedLiftId === lift.id);
  const shown = allowed && (mechanic || lockedHere);
  const options = onSiteQueryOptions(lift.id);
  const query = useQuery({ ...options, enabled: shown });
  useRefetchOnOrganisationChange(shown ? lift.organisationId : null, [options.queryKey]);
  return { shown, query };
}
