import type { User } from '@liftwacht/contracts/auth';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import { userHasPermission } from '../../../lib/use-permission.ts';

/**
 * Whether the user may record an inspection on a lift of this organisation, as the server decides
 * (inspections.service assertMayRecord): the permission, then the scope — an inspection company on
 * the lifts it was granted, an administrator on its own organisation's lifts only (a maintenance
 * company's administrator reaching a client's lift through a grant may not), system-admin anywhere.
 */
export function mayRecordInspection(user: User | null, liftOrganisationId: number): boolean {
  if (!user || !userHasPermission(user, 'inspections.record')) return false;
  if (user.organisation_type === 'inspection') return true;
  if (seesEveryOrganisation(user.roles.map((role) => role.name))) return true;
  return user.organisation_id === liftOrganisationId;
}
