// The state events an inspection leaves behind, the seed's rules (db/seed/inspections.ts) as they
// happen, for one recorded on the lift page and one imported alike: a rejection opens
// approval_rejected until an approval; an approval ends it and approval_expired, or opens
// approval_expired from the day after it ran out when it is recorded already expired. Called only
// for the lift's latest inspection: a back-dated one behind a later one changes no state. The rule
// is inspectionStateChange; an import applies it to many lifts at once (inspection-imports.ts).
import type { EventType } from '@liftwacht/contracts/event-types';
import type { Inspection } from '@liftwacht/contracts/inspections';
import type { Db } from '../../db/database.ts';
import { localDay } from '../../lib/local-day.ts';
import type { LiftEventRecorder } from '../events/event-recorder.ts';
import { approvalExpiredAt } from './approval-expiry.ts';

/** What an inspection does to its lift's state events: the one it opens (unless open) and the types it ends. */
export interface InspectionStateChange {
  open: { type: EventType; startedAt: Date } | null;
  end: EventType[];
}

export function inspectionStateChange(
  inspection: Pick<Inspection, 'kind' | 'result' | 'validUntil'>,
  now: Date,
): InspectionStateChange {
  if (inspection.result === 'rejected') return { open: { type: 'approval_rejected', startedAt: now }, end: [] };
  if (inspection.kind === 'assistance_inspection') return { open: null, end: [] };
  const { validUntil } = inspection;
  if (validUntil !== null && validUntil < localDay(now)) {
    return { open: { type: 'approval_expired', startedAt: approvalExpiredAt(validUntil) }, end: ['approval_rejected'] };
  }
  return { open: null, end: ['approval_rejected', 'approval_expired'] };
}

export async function followInspectionState(
  events: LiftEventRecorder,
  tx: Db,
  inspection: Pick<Inspection, 'liftId' | 'kind' | 'result' | 'validUntil'>,
  now: Date,
): Promise<void> {
  const { liftId } = inspection;
  const { open, end } = inspectionStateChange(inspection, now);
  if (open) await events.openState({ liftId, type: open.type, startedAt: open.startedAt }, { db: tx });
  if (end.length > 0) await events.endState(liftId, end, now, { db: tx });
}
