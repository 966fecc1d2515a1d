// The rules on who may change whom, apart from the organisation scope (admin-scope.ts) and the
// last administrator (checked under row locks in AdminUsersService).
import type { RoleName } from '@liftwacht/contracts/auth';
import { mayGrantRole } from '@liftwacht/contracts/permissions';
import { AppError } from '../../lib/app-error.ts';

const refused = (message: string, field?: string) => new AppError(403, 'forbidden', message, field);

/** Nobody gives a role stronger than their own strongest (403). */
export function assertMayGrant(granter: readonly RoleName[], roles: readonly RoleName[]): void {
  const stronger = roles.find((role) => !mayGrantRole(granter, role));
  if (stronger) throw refused(`You cannot give the role ${stronger}: it is stronger than your own`, 'roles');
}

/**
 * Nobody changes a person holding a role stronger than their own: changing their email alone would
 * let a weaker administrator take the account over through a password reset.
 */
export function assertNotStronger(editor: readonly RoleName[], target: readonly RoleName[]): void {
  if (target.some((role) => !mayGrantRole(editor, role))) {
    throw refused('This person has a role stronger than your own');
  }
}

/** The roles whose loss would lock an administrator out of administering. */
const administering: readonly RoleName[] = ['system-admin', 'admin'];

/**
 * Nobody disables themselves or takes their own administrator role away (403): another
 * administrator must, so an organisation never loses its last one by a slip of the hand.
 */
export function assertNotSelf(
  editorId: number,
  targetId: number,
  change: { disable?: boolean; roles?: readonly RoleName[]; currentRoles: readonly RoleName[] },
): void {
  if (editorId !== targetId) return;
  if (change.disable) throw refused('You cannot disable your own account');
  const { roles } = change;
  if (roles && change.currentRoles.some((role) => administering.includes(role) && !roles.includes(role))) {
    throw refused('You cannot take your own administrator role away', 'roles');
  }
}
