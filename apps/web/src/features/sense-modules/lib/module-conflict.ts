import { senseModuleDetailSchema, type SenseModuleDetail } from '@liftwacht/contracts/sense-modules';
import { conflictCurrent, hasErrorCode } from '../../../lib/submit-problem.ts';

/**
 * Why a change of a module answered 409. The contract gives both cases the code `conflict`: a
 * stale version (the answer's current module has another version than the one sent), or a lift
 * that already holds another module (the version still matches, so only the lift can be the cause).
 */
export type ModuleConflict = { kind: 'stale'; current: SenseModuleDetail | null } | { kind: 'liftTaken' };

export function moduleConflict(
  error: unknown,
  sent: { version: number; liftId: number | null },
): ModuleConflict | null {
  if (!hasErrorCode(error, 'conflict')) return null;
  const current = conflictCurrent(error, senseModuleDetailSchema);
  if (current && current.version !== sent.version) return { kind: 'stale', current };
  return sent.liftId === null ? { kind: 'stale', current } : { kind: 'liftTaken' };
}
