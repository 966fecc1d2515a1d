// Writing the logbook (issue 18): anyone with `logbook.write` adds a line to a lift in scope; only
// its author corrects it, and only for 24 hours after writing it (the app clock decides), so the
// logbook stays a record of what happened rather than of what was later wished. Every write is in
// the audit log with the line before and after, and happens at most once per Idempotency-Key (a
// phone's retry or double tap answers the first answer).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { logbookCorrectionHours, type LogbookEntry, type LogbookEntryInput } from '@liftwacht/contracts/lifts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { Idempotency } from '../../plugins/idempotency.ts';
import type { LiftLogbookRepository } from './lift-logbook.repository.ts';
import type { LiftsRepository } from './lifts.repository.ts';

export class LiftLogbookService {
  constructor(
    private readonly db: Db,
    private readonly logbook: LiftLogbookRepository,
    private readonly lifts: LiftsRepository,
    private readonly access: OrganisationAccess,
    private readonly audit: Audit,
    private readonly idempotency: Idempotency,
    private readonly clock: Clock,
  ) {}

  async add(
    request: FastifyRequest,
    reply: FastifyReply,
    liftId: number,
    input: LogbookEntryInput,
  ): Promise<LogbookEntry> {
    const principal = principalOf(request);
    const organisationId = await this.lifts.organisationOf(liftId);
    if (organisationId === undefined || !(await this.access.canAccess(principal, organisationId))) {
      throw notFound('Lift');
    }
    void reply.code(201);
    const { body } = await this.idempotency.transaction(request, reply, async (tx) => {
      const id = await this.logbook.insert(tx, liftId, input, principal.userId, this.clock.now());
      const entry = await this.entry(tx, id);
      await this.audit.record(tx, request, {
        organisationId,
        action: 'logbook.created',
        subjectType: 'logbook',
        subjectId: id,
        before: null,
        after: entry,
      });
      return entry;
    });
    return body;
  }

  async correct(
    request: FastifyRequest,
    reply: FastifyReply,
    entryId: number,
    input: LogbookEntryInput,
  ): Promise<LogbookEntry> {
    const principal = principalOf(request);
    // The scope first, outside the transaction: PGlite has one connection, which the transaction holds.
    const seen = await this.logbook.find(this.db, entryId);
    if (!seen || !(await this.access.canAccess(principal, seen.organisationId))) throw notFound('Logbook entry');
    const { body } = await this.idempotency.transaction(request, reply, async (tx) => {
      // Again under its row lock: two corrections at once apply one after the other.
      const found = await this.logbook.find(tx, entryId, { lock: true });
      if (!found) throw notFound('Logbook entry');
      const { organisationId, createdAt } = found;
      const before = withoutChecks(found);
      if (before.authorId !== principal.userId || createdAt === null) {
        throw new AppError(403, 'forbidden', 'Only the author of a logbook entry corrects it');
      }
      if (this.clock.now().getTime() > createdAt.getTime() + logbookCorrectionHours * 3600_000) {
        throw new AppError(
          409,
          'correction_window_closed',
          `A logbook entry can be corrected for ${String(logbookCorrectionHours)} hours after it was written`,
        );
      }
      await this.logbook.update(tx, entryId, input);
      const after = await this.entry(tx, entryId);
      await this.audit.record(tx, request, {
        organisationId,
        action: 'logbook.corrected',
        subjectType: 'logbook',
        subjectId: entryId,
        before,
        after,
      });
      return after;
    });
    return body;
  }

  private async entry(tx: Db, id: number): Promise<LogbookEntry> {
    const found = await this.logbook.find(tx, id);
    if (!found) throw new Error(`logbook entry ${String(id)} vanished`);
    return withoutChecks(found);
  }
}

/** The entry as the API shows it, without what the correction checks. */
function withoutChecks(found: LogbookEntry & { organisationId: number; createdAt: Date | null }): LogbookEntry {
  const { id, liftId, logType, at, text, authorId, correctableUntil } = found;
  return {
    id,
    liftId,
    logType,
    at,
    text,
    ...(authorId === undefined ? {} : { authorId }),
    ...(correctableUntil === undefined ? {} : { correctableUntil }),
  };
}
