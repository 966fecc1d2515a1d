import { useProfileRestore } from '../../features/auth/hooks/use-profile-restore.ts';
import { useOrganisationListSync } from '../../features/organisations/hooks/use-organisation-list-sync.ts';
import { useUserOrganisationSync } from '../../features/organisations/hooks/use-user-organisation-sync.ts';

/** Keeps the session state complete for whatever route is shown (spec §4 "Session start"). */
export function SessionSync() {
  useProfileRestore();
  useUserOrganisationSync();
  useOrganisationListSync();
  return null;
}
