// Which organisations a principal administers. Unlike reading lifts and figures, a grant to
// another organisation gives no say over its people: an admin administers its own organisation
// only; system-admin every one. Anything outside answers 404, like every other scope (DESIGN §5).
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import { notFound } from '../../lib/app-error.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';

export type AdminPrincipal = Pick<Principal, 'userId' | 'organisationId' | 'roles'>;

/** The organisations the principal administers: null for every one. */
export function administeredOrganisations(principal: AdminPrincipal): number[] | null {
  return seesEveryOrganisation(principal.roles) ? null : [principal.organisationId];
}

export function administers(principal: AdminPrincipal, organisationId: number): boolean {
  return seesEveryOrganisation(principal.roles) || organisationId === principal.organisationId;
}

/**
 * The organisations a list narrows to: `requested` when given (404 outside the principal's scope),
 * else everything the principal administers (null: no restriction).
 */
export function listScope(principal: AdminPrincipal, requested: number | undefined): number[] | null {
  if (requested === undefined) return administeredOrganisations(principal);
  if (!administers(principal, requested)) throw notFound('Organisation');
  return [requested];
}
