// A call as the API shows it, read the same way for the calls list, current calls, the calls
// around an event and the call handling answers.
import { sql } from 'drizzle-orm';
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
  version: calls.version,
  passengerFreedAt: calls.passengerFreedAt,
  // Names by primary key, only for the few calls on a page: scalar lookups, not joins that every
  // list query would have to carry.
  acknowledgedBy: sql<string | null>`(select u.name from users u where u.id = ${calls.acknowledgedBy})`,
  assignedUserId: calls.assignedUserId,
  assignedUserName: sql<string | null>`(select u.name from users u where u.id = ${calls.assignedUserId})`,
  assignedOrganisationId: calls.assignedOrganisationId,
  assignedOrganisationName: sql<
    string | null
  >`(select o.name from organisations o where o.id = ${calls.assignedOrganisationId})`,
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
  version: number;
  passengerFreedAt: Date | null;
  acknowledgedBy: string | null;
  assignedUserId: number | null;
  assignedUserName: string | null;
  assignedOrganisationId: number | null;
  assignedOrganisationName: string | null;
}

function assigneeOf(r: CallRow): Call['assignee'] {
  if (r.assignedUserId !== null) return { kind: 'user', id: r.assignedUserId, name: r.assignedUserName ?? '' };
  if (r.assignedOrganisationId !== null) {
    return { kind: 'organisation', id: r.assignedOrganisationId, name: r.assignedOrganisationName ?? '' };
  }
  return null;
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
    version: r.version,
    acknowledgedBy: r.acknowledgedBy,
    passengerFreedAt: r.passengerFreedAt?.toISOString() ?? null,
    assignee: assigneeOf(r),
  };
}
