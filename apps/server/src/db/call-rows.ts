// A call as the API shows it, read the same way for the calls list, current calls and the calls
// around an event.
import type { Call, CallKind } from '@liftwacht/contracts/calls';
import { runningSecondsSql } from './local-time-sql.ts';
import { calls } from './schema.ts';

export const callDurationSql = (now: Date) => runningSecondsSql(calls.startedAt, calls.endedAt, now);

/** The calls columns of a Call; the lift comes from the caller's join or is already known. */
export const callColumns = (now: Date) => ({
  id: calls.id,
  startedAt: calls.startedAt,
  acknowledgedAt: calls.acknowledgedAt,
  endedAt: calls.endedAt,
  durationSeconds: callDurationSql(now),
  kind: calls.kind,
  testResult: calls.testResult,
  handledBy: calls.handledBy,
  notes: calls.notes,
});

export interface CallRow {
  id: number;
  startedAt: Date;
  acknowledgedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number;
  kind: string;
  testResult: string | null;
  handledBy: string | null;
  notes: string | null;
}

export function toCall(r: CallRow, lift: Call['lift']): Call {
  return {
    id: r.id,
    lift,
    startedAt: r.startedAt.toISOString(),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    durationSeconds: r.durationSeconds,
    kind: r.kind as CallKind,
    // EN 81-28's order, read from the times so status and times never disagree.
    status: r.endedAt ? 'ended' : r.acknowledgedAt ? 'acknowledged' : 'received',
    testResult: r.testResult,
    handledBy: r.handledBy,
    notes: r.notes,
  };
}
