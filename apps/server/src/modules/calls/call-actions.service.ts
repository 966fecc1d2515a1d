// Acting on an alarm call (issue 19; EN 81-28: received → acknowledged → ended by a person). Rules:
// - scope as for reading: a call of a lift outside the caller's organisations is 404;
// - every action but a note names the version it saw: when a colleague or the module changed the
//   call first, 409 with the call as it is now (so the loser sees who acknowledged, and when);
// - acknowledging twice, or acting on an ended call, is 409 with the call (a note may follow the end);
// - ending says what the call was; the person's kind stands against a module's later word; a call
//   ended unacknowledged counts as acknowledged by whoever ended it; its open alarm_call event ends;
// - the passenger is freed on an acknowledged call, at a time between its acknowledgement and now
//   (and its end, once ended);
// - each action is one transaction with its lifecycle step and audit entry, at most once per
//   Idempotency-Key, and the organisation's browsers hear of it after the commit.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '@liftwacht/contracts/administration';
import type {
  AssignCallBody,
  CallAssigneesResponse,
  CallDetail,
  CallStepAction,
  EndCallBody,
  PassengerFreedBody,
} from '@liftwacht/contracts/call-actions';
import type { Call } from '@liftwacht/contracts/calls';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { Idempotency } from '../../plugins/idempotency.ts';
import type { LiftEventRecorder } from '../events/event-recorder.ts';
import type { CallActionsRepository, CallChange } from './call-actions.repository.ts';

/** A call with the organisation of its lift and how long it has run. */
export type CallOfOrganisation = Call & { organisationId: number; runningSeconds: number };

/** What one action does to a call, decided on the call as it is inside the transaction. */
interface Decision {
  change: CallChange;
  steps: { action: CallStepAction; data: Record<string, unknown> | null }[];
  audit: AuditAction;
  /** The call ended: its open alarm_call event ends too. */
  ended?: boolean;
}

export interface CallActionsDeps {
  db: Db;
  repository: CallActionsRepository;
  access: OrganisationAccess;
  audit: Audit;
  idempotency: Idempotency;
  clock: Clock;
  events: Pick<LiftEventRecorder, 'endCallEvent'>;
  /** After the commit: the organisation's browsers refetch, and outbound hooks hear of it. */
  changed: (call: CallDetail, action: AuditAction) => void;
}

export class CallActionsService {
  constructor(private readonly deps: CallActionsDeps) {}

  async detail(principal: Principal, callId: number): Promise<CallDetail> {
    await this.callInScope(principal, callId);
    const detail = await this.detailOf(this.deps.db, callId);
    if (!detail) throw notFound('Call');
    return detail;
  }

  async assignees(principal: Principal, callId: number): Promise<CallAssigneesResponse['data']> {
    const call = await this.callInScope(principal, callId);
    return this.deps.repository.assignees(this.deps.db, call.organisationId);
  }

  acknowledge(request: FastifyRequest, reply: FastifyReply, callId: number, version: number): Promise<CallDetail> {
    const userId = principalOf(request).userId;
    return this.act(request, reply, callId, version, (call, now) => {
      this.assertOpen(call);
      if (call.acknowledgedAt !== null) throw conflict('This call was already acknowledged', 'status');
      return {
        change: { acknowledgedAt: now, acknowledgedBy: userId, status: 'acknowledged' },
        steps: [{ action: 'acknowledged', data: null }],
        audit: 'call.acknowledged',
      };
    });
  }

  assign(request: FastifyRequest, reply: FastifyReply, callId: number, body: AssignCallBody): Promise<CallDetail> {
    return this.act(request, reply, callId, body.version, async (call, _now, tx) => {
      this.assertOpen(call);
      const candidates = await this.deps.repository.assignees(tx, call.organisationId);
      let assignee: string | null = null;
      if (body.userId !== null) {
        const person = candidates.users.find((u) => u.id === body.userId);
        if (!person) throw badRequest('validation_failed', 'not a person of this or a serving organisation', 'userId');
        assignee = person.name;
      } else if (body.organisationId !== null) {
        const company = candidates.organisations.find((o) => o.id === body.organisationId);
        if (!company) {
          throw badRequest(
            'validation_failed',
            'not a maintenance company serving this organisation',
            'organisationId',
          );
        }
        assignee = company.name;
      }
      return {
        change: { assignedUserId: body.userId, assignedOrganisationId: body.organisationId },
        steps: [{ action: 'assigned', data: { assignee } }],
        audit: 'call.assigned',
      };
    });
  }

  addNote(request: FastifyRequest, reply: FastifyReply, callId: number, text: string): Promise<CallDetail> {
    return this.act(request, reply, callId, null, () => ({
      change: {},
      steps: [{ action: 'note', data: { text } }],
      audit: 'call.note_added',
    }));
  }

  passengerFreed(
    request: FastifyRequest,
    reply: FastifyReply,
    callId: number,
    body: PassengerFreedBody,
  ): Promise<CallDetail> {
    return this.act(request, reply, callId, body.version, (call, now) => {
      if (call.kind === 'test') throw conflict('A test call has no passenger', 'kind');
      // Someone answered the call before anyone went to free the passenger (EN 81-28).
      if (call.acknowledgedAt === null) throw conflict('Acknowledge the call first', 'status');
      const acknowledgedAt = new Date(call.acknowledgedAt);
      const chosen = body.at === undefined ? now : new Date(body.at);
      if (chosen < new Date(call.startedAt))
        throw badRequest('validation_failed', 'before the call was received', 'at');
      // The form picks whole minutes: a time in the acknowledgement's own minute is that moment.
      if (chosen.getTime() < floorToMinute(acknowledgedAt)) {
        throw badRequest('validation_failed', 'before the call was acknowledged', 'at');
      }
      if (chosen > now) throw badRequest('validation_failed', 'in the future', 'at');
      const at = chosen < acknowledgedAt ? acknowledgedAt : chosen;
      if (call.endedAt !== null && at > new Date(call.endedAt)) {
        throw badRequest('validation_failed', 'after the call ended', 'at');
      }
      return {
        change: { passengerFreedAt: at },
        steps: [{ action: 'passenger_freed', data: { freedAt: at.toISOString() } }],
        audit: 'call.passenger_freed',
      };
    });
  }

  end(request: FastifyRequest, reply: FastifyReply, callId: number, body: EndCallBody): Promise<CallDetail> {
    const userId = principalOf(request).userId;
    return this.act(request, reply, callId, body.version, (call, now) => {
      this.assertOpen(call);
      const unacknowledged = call.acknowledgedAt === null;
      return {
        change: {
          endedAt: now,
          endedBy: userId,
          kind: body.kind,
          kindConfirmed: true,
          status: 'ended',
          ...(unacknowledged ? { acknowledgedAt: now, acknowledgedBy: userId } : {}),
        },
        steps: [
          ...(unacknowledged ? [{ action: 'acknowledged' as const, data: null }] : []),
          { action: 'ended', data: { kind: body.kind } },
        ],
        audit: 'call.ended',
        ended: true,
      };
    });
  }

  /** 404 unless the call exists and its lift's organisation is in the caller's scope. */
  private async callInScope(principal: Principal, callId: number): Promise<CallOfOrganisation> {
    const call = await this.deps.repository.find(this.deps.db, callId, this.deps.clock.now());
    if (!call || !(await this.deps.access.canAccess(principal, call.organisationId))) throw notFound('Call');
    return call;
  }

  private assertOpen(call: CallOfOrganisation): void {
    if (call.endedAt !== null) throw conflict('This call has already ended', 'status');
  }

  /** A 409 names the call as it is now, with its steps: who was first, and what they did. */
  private async withCurrent(tx: Db, err: unknown, callId: number): Promise<unknown> {
    if (err instanceof AppError && err.statusCode === 409 && err.body === undefined) {
      return conflict(err.message, err.field, await this.detailOf(tx, callId));
    }
    return err;
  }

  private async detailOf(db: Db, callId: number): Promise<CallDetail | undefined> {
    const call = await this.deps.repository.find(db, callId, this.deps.clock.now());
    if (!call) return undefined;
    return { ...call, steps: await this.deps.repository.steps(db, callId) };
  }

  private async act(
    request: FastifyRequest,
    reply: FastifyReply,
    callId: number,
    version: number | null,
    decide: (call: CallOfOrganisation, now: Date, tx: Db) => Decision | Promise<Decision>,
  ): Promise<CallDetail> {
    const principal = principalOf(request);
    await this.callInScope(principal, callId);
    let audited: AuditAction = 'call.note_added';
    const { body, fresh } = await this.deps.idempotency.transaction(request, reply, async (tx) => {
      const now = this.deps.clock.now();
      const before = await this.deps.repository.find(tx, callId, now);
      if (!before) throw notFound('Call');
      const stale = async () =>
        conflict('Someone else changed this call meanwhile', 'version', await this.detailOf(tx, callId));
      if (version !== null && before.version !== version) throw await stale();
      const decision = await Promise.resolve()
        .then(() => decide(before, now, tx))
        .catch(async (err: unknown) => {
          throw await this.withCurrent(tx, err, callId);
        });
      if (!(await this.deps.repository.update(tx, callId, version, decision.change, now))) throw await stale();
      for (const step of decision.steps) {
        await this.deps.repository.addStep(tx, {
          callId,
          at: now,
          action: step.action,
          userId: principal.userId,
          data: step.data,
        });
      }
      if (decision.ended) {
        await this.deps.events.endCallEvent(before.lift.id, new Date(before.startedAt), now, { db: tx });
      }
      const after = await this.deps.repository.find(tx, callId, now);
      if (!after) throw notFound('Call');
      await this.deps.audit.record(tx, request, {
        organisationId: before.organisationId,
        action: decision.audit,
        subjectType: 'call',
        subjectId: callId,
        before,
        after,
      });
      audited = decision.audit;
      return { ...after, steps: await this.deps.repository.steps(tx, callId) };
    });
    if (fresh) this.deps.changed(body, audited);
    return body;
  }
}

const floorToMinute = (at: Date): number => Math.floor(at.getTime() / 60_000) * 60_000;
