import { selectIsRestrictedUser, selectViewIsCurrent } from '../../../lib/session/session-selectors.ts';
import { useSession } from '../../../lib/session/use-session.ts';

export interface DashboardView {
  organisationId: number | null;
  /** Client-light users and mechanics: current view only, two cards (spec §6). */
  restricted: boolean;
  viewIsCurrent: boolean;
  /** The selected period's range, used in the period view. */
  from: string;
  to: string;
}

export function useDashboardView(): DashboardView {
  return {
    organisationId: useSession((state) => state.organisationId),
    restricted: useSession(selectIsRestrictedUser),
    viewIsCurrent: useSession(selectViewIsCurrent),
    from: useSession((state) => state.startDate),
    to: useSession((state) => state.endDate),
  };
}
