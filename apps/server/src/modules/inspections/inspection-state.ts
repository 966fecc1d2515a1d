// The state events an inspection leaves behind, the seed's rules (db/seed/inspections.ts) as they
// happen, for one recorded on the lift page and one imported alike: a rejection opens
// approval_rejected until an approval; an approval ends it and approval_expired, or opens
// approval_expired from the day after it ran out when it is recorded already expired. Called only
// for the lift's latest inspection: a back-dated one behind a later one changes no state.
import type { EventType } from '@liftwacht/contracts/event-types';
import type { Inspection } from '@liftwacht/contracts/inspections';
import type { Db } from '../../db/database.ts';
import { localDay } from '../../lib/local-day.ts';
import type { LiftEventRecorder } from '../events/event-recorder.ts';
import { approvalExpiredAt } from './approval-expiry.ts';

export async function followInspectionState(
  events: LiftEventRecorder,
  tx: Db,
  inspection: Pick<Inspection, 'liftId' | 'kind' | 'result' | 'validUntil'>,
  now: Date,
): Promise<void> {
  const { liftId } = inspection;
  if (inspection.result === 'rejected') {
    await events.openState({ liftId, type: 'approval_rejected', startedAt: now }, { db: tx });
    return;
  }
  if (inspection.kind === 'assistance_inspection') return;
  const ended: EventType[] = ['approval_rejected'];
  const { validUntil } = inspection;
  if (validUntil !== null && validUntil < localDay(now)) {
    await events.openState({ liftId, type: 'approval_expired', startedAt: approvalExpiredAt(validUntil) }, { db: tx });
  } else {
    ended.push('approval_expired');
  }
  await events.endState(liftId, ended, now, { db: tx });
}
