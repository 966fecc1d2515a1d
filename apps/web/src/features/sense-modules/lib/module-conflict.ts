import { isApiError } from '../../../lib/api-error.ts';
import { hasErrorCode } from '../../../lib/form-errors.ts';

/**
 * Why a change of a module answered 409 `conflict`: its `field` says. `liftId`: the lift cannot
 * take the module (it holds another one, or is decommissioned); `esNumber`: registered already;
 * otherwise (`version`) the module changed meanwhile, and the mutation's refresh shows it as it is.
 */
export type ModuleConflict = 'liftRefused' | 'esNumberTaken' | 'stale';

export function moduleConflict(error: unknown): ModuleConflict | null {
  if (!hasErrorCode(error, 'conflict')) return null;
  const field = isApiError(error) ? error.field : undefined;
  return field === 'liftId' ? 'liftRefused' : field === 'esNumber' ? 'esNumberTaken' : 'stale';
}
