// SQL for acting on a call: the call with its organisation, its lifecycle steps, the guarded
// update that moves its version, and whom it may be assigned to.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type {
  CallAssigneesResponse,
  CallStep,
  CallStepAction,
  CallStepSource,
} from '@liftwacht/contracts/call-actions';
import type { CallKind } from '@liftwacht/contracts/calls';
import { callColumns, toCall, type CallRow } from '../../db/call-rows.ts';
import type { Db } from '../../db/database.ts';
import { callSteps, calls, lifts, organisationAccess, organisations, users } from '../../db/schema.ts';
import type { CallOfOrganisation } from './call-actions.service.ts';

/** What a portal action changes on the calls row; the version and updated_at move with it. */
export interface CallChange {
  acknowledgedAt?: Date;
  acknowledgedBy?: number;
  assignedUserId?: number | null;
  assignedOrganisationId?: number | null;
  passengerFreedAt?: Date;
  endedAt?: Date;
  endedBy?: number;
  kind?: CallKind;
  kindConfirmed?: boolean;
  status?: 'acknowledged' | 'ended';
}

export interface NewCallStep {
  callId: number;
  at: Date;
  action: CallStepAction;
  userId: number;
  data: Record<string, unknown> | null;
}

type CallSelect = CallRow & { liftId: number; liftName: string; address: string; organisationId: number };

export class CallActionsRepository {
  /** The call with its lift and the lift's organisation; undefined when there is no such call. */
  async find(db: Db, callId: number, now: Date): Promise<CallOfOrganisation | undefined> {
    const [row] = (await db
      .select({
        ...callColumns(now),
        liftId: lifts.id,
        liftName: lifts.name,
        address: lifts.address,
        organisationId: lifts.organisationId,
      })
      .from(calls)
      .innerJoin(lifts, eq(lifts.id, calls.liftId))
      .where(eq(calls.id, callId))) as CallSelect[];
    if (!row) return undefined;
    return {
      ...toCall(row, { id: row.liftId, name: row.liftName, address: row.address }),
      organisationId: row.organisationId,
      runningSeconds: row.durationSeconds,
    };
  }

  /** The lifecycle, oldest first; a module's phase and a person's step at the same time in id order. */
  async steps(db: Db, callId: number): Promise<CallStep[]> {
    const rows = await db
      .select({
        id: callSteps.id,
        at: callSteps.at,
        action: callSteps.action,
        source: callSteps.source,
        user: users.name,
        data: callSteps.data,
      })
      .from(callSteps)
      .leftJoin(users, eq(users.id, callSteps.userId))
      .where(eq(callSteps.callId, callId))
      .orderBy(asc(callSteps.at), asc(callSteps.id));
    return rows.map((r) => {
      const data = (r.data ?? {}) as Record<string, unknown>;
      const text = (key: string) => (typeof data[key] === 'string' ? data[key] : null);
      return {
        id: r.id,
        at: r.at.toISOString(),
        action: r.action as CallStepAction,
        source: r.source as CallStepSource,
        user: r.user,
        text: text('text'),
        kind: text('kind') as CallKind | null,
        assignee: text('assignee'),
        freedAt: text('freedAt'),
      };
    });
  }

  /**
   * Applies the change when the call is still at `version` (or at any version for `null`: notes).
   * Returns false when someone, or the module, changed it first.
   */
  async update(tx: Db, callId: number, version: number | null, change: CallChange, now: Date): Promise<boolean> {
    const rows = await tx
      .update(calls)
      .set({ ...change, version: sql`${calls.version} + 1`, updatedAt: now })
      .where(and(eq(calls.id, callId), version === null ? undefined : eq(calls.version, version)))
      .returning({ id: calls.id });
    return rows.length > 0;
  }

  async addStep(tx: Db, step: NewCallStep): Promise<void> {
    await tx.insert(callSteps).values({ ...step, source: 'portal' });
  }

  /**
   * Whom a call of this organisation may be assigned to: the active people of the organisation and
   * of the companies serving it, and the maintenance companies serving it.
   */
  async assignees(db: Db, organisationId: number): Promise<CallAssigneesResponse['data']> {
    const serving = db
      .select({ id: organisationAccess.organisationId })
      .from(organisationAccess)
      .where(eq(organisationAccess.accessibleOrganisationId, organisationId));
    const [people, companies] = await Promise.all([
      db
        .select({ id: users.id, name: users.name, organisation: organisations.name })
        .from(users)
        .innerJoin(organisations, eq(organisations.id, users.organisationId))
        .where(
          and(
            eq(users.disabled, false),
            sql`${users.passwordHash} is not null`,
            or(eq(users.organisationId, organisationId), inArray(users.organisationId, serving)),
          ),
        )
        .orderBy(asc(organisations.name), asc(users.name)),
      db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisations)
        .where(and(eq(organisations.type, 'maintenance'), inArray(organisations.id, serving)))
        .orderBy(asc(organisations.name)),
    ]);
    return { users: people, organisations: companies };
  }
}
