// Recording visits on the lift page (issue 18): start, end with remarks, cancel. Rules:
// - scope as for reading: a lift outside the caller's organisations (own plus served) is 404;
// - one visit in progress per lift per person: a second start is 409 showing the open one;
// - anyone allowed to record on the lift may end or cancel a visit in progress (a colleague closes
//   one left open); ending one that is no longer in progress is 409 with the visit as it is now;
// - each write is one transaction with its audit entry, at most once per Idempotency-Key, and the
//   organisation hears of it after the commit (dashboards and lift statuses refetch).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EndVisitBody, StartVisitBody, Visit } from '@liftwacht/contracts/visits';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/sql-text.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Audit } from '../../plugins/audit.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { Idempotency } from '../../plugins/idempotency.ts';
import type { VisitOfLift, VisitWritesRepository } from './visit-writes.repository.ts';
import { toVisit, type VisitsRepository } from './visits.repository.ts';

export interface VisitRecordingDeps {
  db: Db;
  reads: VisitsRepository;
  writes: VisitWritesRepository;
  access: OrganisationAccess;
  audit: Audit;
  idempotency: Idempotency;
  clock: Clock;
  /** Tells the organisation's listeners that its visits changed (after the commit). */
  changed: (organisationId: number) => void;
}

type Written = Visit & { organisationId: number };

/** The visit as written, with its organisation (for the announcement) but not who started it. */
const written = (v: VisitOfLift): Written => ({ ...withoutOrganisation(v), organisationId: v.organisationId });
/** The contract's visit (the stored answer of a write carries the organisation too). */
const withoutOrganisation = (v: Visit): Visit => toVisit(v);
const publicVisit = (visit: VisitOfLift): Visit => withoutOrganisation(written(visit));

export class VisitRecordingService {
  constructor(private readonly deps: VisitRecordingDeps) {}

  async start(request: FastifyRequest, reply: FastifyReply, liftId: number, body: StartVisitBody): Promise<Visit> {
    const principal = principalOf(request);
    const organisationId = await this.deps.reads.liftOrganisation(liftId);
    if (organisationId === undefined || !(await this.deps.access.canAccess(principal, organisationId))) {
      throw notFound('Lift');
    }
    void reply.code(201);
    return this.write(request, reply, async (tx) => {
      const now = this.deps.clock.now();
      const open = await this.deps.writes.openBy(tx, liftId, principal.userId, now);
      if (open) throw conflict('You already have a visit in progress on this lift', undefined, publicVisit(open));
      const visit = written(await this.deps.writes.start(tx, liftId, principal.userId, body, now));
      await this.deps.audit.record(tx, request, {
        organisationId,
        action: 'visit.started',
        subjectType: 'visit',
        subjectId: visit.id,
        before: null,
        after: withoutOrganisation(visit),
      });
      return visit;
    });
  }

  end(request: FastifyRequest, reply: FastifyReply, visitId: number, body: EndVisitBody): Promise<Visit> {
    return this.close(request, reply, visitId, 'finished', body.remarks?.trim() ? body.remarks.trim() : null);
  }

  cancel(request: FastifyRequest, reply: FastifyReply, visitId: number): Promise<Visit> {
    return this.close(request, reply, visitId, 'canceled', null);
  }

  private async close(
    request: FastifyRequest,
    reply: FastifyReply,
    visitId: number,
    state: 'finished' | 'canceled',
    remarks: string | null,
  ): Promise<Visit> {
    const principal = principalOf(request);
    const found = await this.deps.writes.find(this.deps.db, visitId, this.deps.clock.now());
    if (!found || !(await this.deps.access.canAccess(principal, found.organisationId))) throw notFound('Visit');
    return this.write(request, reply, async (tx) => {
      const now = this.deps.clock.now();
      const closed = await this.deps.writes.close(tx, visitId, state, remarks, now);
      if (!closed) {
        const current = await this.deps.writes.find(tx, visitId, now);
        throw conflict('This visit was already ended', 'state', current && publicVisit(current));
      }
      const visit = written(closed);
      await this.deps.audit.record(tx, request, {
        organisationId: visit.organisationId,
        action: state === 'finished' ? 'visit.finished' : 'visit.canceled',
        subjectType: 'visit',
        subjectId: visit.id,
        before: publicVisit(found),
        after: withoutOrganisation(visit),
      });
      return visit;
    });
  }

  /** The write once per Idempotency-Key, then (only when it really happened) the announcement. */
  private async write(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: Db) => Promise<Written>,
  ): Promise<Visit> {
    try {
      const { body, fresh } = await this.deps.idempotency.transaction(request, reply, work);
      if (fresh) this.deps.changed(body.organisationId);
      return withoutOrganisation(body);
    } catch (err) {
      // Two starts racing past the check: the partial unique index lets one through.
      if (isUniqueViolation(err)) throw conflict('You already have a visit in progress on this lift');
      throw err;
    }
  }
}
