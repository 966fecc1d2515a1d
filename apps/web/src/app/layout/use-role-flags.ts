import { selectUserClientLight, selectUserMechanic } from '../../lib/session/session-selectors.ts';
import { useSession } from '../../lib/session/use-session.ts';
import type { RoleFlags } from './menu-entries.ts';

export function useRoleFlags(): RoleFlags {
  const clientLight = useSession(selectUserClientLight);
  const mechanic = useSession(selectUserMechanic);
  return { clientLight, mechanic };
}
