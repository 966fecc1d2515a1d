// The escalation pass (issue 19): every few seconds, on every node, each entrapment nobody
// acknowledged within its organisation's first limit is escalated to the users subscribed to
// escalations, and again at the second limit. Exactly once per call and level: the claim in
// call_escalations and the mails are written in one transaction, so two nodes, a pass that overlaps
// a slow one, or a restart never mail twice, and a failed pass claims nothing and is retried.
//
// A node that was down past both limits sends level 1 and level 2 in the same pass, one mail each:
// each is a distinct fact (the first limit passed unanswered, then the second), and whatever else
// hangs on a level (the webhook) expects both.
import type { FastifyBaseLogger } from 'fastify';
import { roleNames } from '@liftwacht/contracts/auth';
import type { EscalationLevel } from '@liftwacht/contracts/escalations';
import { hasPermission, seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { databaseUnavailability } from '../../lib/database-errors.ts';
import { localDay } from '../../lib/local-day.ts';
import { PeriodicPass } from '../../lib/periodic-pass.ts';
import { renderEscalationMail } from './escalation-mail.ts';
import type { DueEscalation, EscalationClaimsRepository } from './escalation-claims.repository.ts';

/**
 * How often each node looks for entrapments to escalate when nothing woke it: a call of this node
 * wakes the pass (ingest, call actions), and each pass sets a timer for the next limit to come, so
 * this only covers what another node's modules or people changed while that node is gone.
 */
export const escalationCheckIntervalMs = 30_000;

/**
 * Calls that started longer ago than this are not escalated: a call still open after two days is a
 * module that stopped reporting, not a person waiting, and a first start on an old database must not
 * mail about every such call. Longer than the longest limit (24 h), so every level can come.
 */
export const escalationHorizonMs = 2 * 24 * 60 * 60_000;

/** (Call, level) pairs one pass handles at most; the next pass takes the rest. */
export const escalationBatchSize = 200;

/** Roles that may open the mail's link (current calls): a subscription left from an earlier role mails nobody. */
const rolesThatSeeCurrentCalls = roleNames.filter((role) => hasPermission([role], 'calls.current'));
const rolesThatSeeEveryOrganisation = roleNames.filter((role) => seesEveryOrganisation([role]));

/** The queue key that makes the mail for one call, level and user exist at most once. */
export const escalationMailDedupeKey = (callId: number, level: EscalationLevel, userId: number) =>
  `escalation:${String(callId)}:${String(level)}:user:${String(userId)}`;

/** One escalation that happened: what a hook (the webhook) is told, inside the claim's transaction. */
export interface Escalation {
  callId: number;
  level: EscalationLevel;
  organisationId: number;
  liftId: number;
  startedAt: Date;
  /** When the pass claimed it (the app clock). */
  escalatedAt: Date;
  limitMinutes: number;
  /** Mails queued: one per subscriber. */
  recipients: number;
}

/**
 * Runs inside the claim's transaction: whatever it writes commits with the claim, and if it throws
 * the claim rolls back and the next pass tries again.
 */
export type EscalatedHook = (tx: Db, escalation: Escalation) => Promise<void>;

/** A mail for the durable queue; its key makes it exist at most once. */
interface QueuedMail {
  recipient: string;
  subject: string;
  body: string;
  dedupeKey: string;
}

/** What the job needs of the mail queue plugin (app.mailQueue). */
export interface EscalationMailQueue {
  enqueue(mails: readonly QueuedMail[], db: Db): Promise<number>;
  wake(): void;
}

export interface EscalationJobDependencies {
  db: Db;
  claims: EscalationClaimsRepository;
  mailQueue: EscalationMailQueue;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  escalated?: EscalatedHook;
}

/** runOnce() answers the escalations this node made. */
export class EscalationJob extends PeriodicPass<Escalation[]> {
  constructor(private readonly deps: EscalationJobDependencies) {
    super('escalation pass', deps.log);
  }

  protected async pass(): Promise<Escalation[]> {
    const now = this.deps.clock.now();
    const due = await this.deps.claims.due(
      now,
      new Date(now.getTime() - escalationHorizonMs),
      localDay(now),
      escalationBatchSize,
    );
    const made: Escalation[] = [];
    for (const item of due) {
      try {
        const escalation = await this.escalate(item, now);
        if (escalation) made.push(escalation);
      } catch (err) {
        // One call that fails (its hook, say) must not hold up the others; it is tried next pass.
        if (databaseUnavailability(err)) throw err;
        this.deps.log.error({ err, callId: item.callId, level: item.level }, 'could not escalate a call');
      }
    }
    if (made.some((e) => e.recipients > 0)) this.deps.mailQueue.wake();
    if (due.length === escalationBatchSize) this.wake();
    else if (this.active) {
      const next = await this.deps.claims.nextDueAt(now, new Date(now.getTime() - escalationHorizonMs), localDay(now));
      if (next) this.wakeIn(next.getTime() - this.deps.clock.now().getTime());
    }
    return made;
  }

  /** Claims (call, level) and queues its mails in one transaction; null when it is not this node's to send. */
  private async escalate(item: DueEscalation, now: Date): Promise<Escalation | null> {
    const { claims, mailQueue, escalated } = this.deps;
    return this.deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      if (!(await claims.lockUnacknowledged(db, item.callId))) return null;
      const recipients = await claims.recipients(
        db,
        item.liftId,
        item.organisationId,
        rolesThatSeeCurrentCalls,
        rolesThatSeeEveryOrganisation,
      );
      if (!(await claims.claim(db, item.callId, item.level, now, recipients.length))) return null;
      const startedAt = new Date(item.startedAt);
      const address = [item.address, [item.postalCode, item.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
      const mails: QueuedMail[] = recipients.map((recipient) => {
        const mail = renderEscalationMail(
          {
            level: item.level,
            limitMinutes: item.limitMinutes,
            startedAt,
            now,
            liftName: item.liftName,
            buildingName: item.buildingName,
            address,
            recipientName: recipient.name,
            recipientEmail: recipient.email,
            locale: recipient.locale,
          },
          this.deps.publicUrl,
        );
        return {
          recipient: mail.to,
          subject: mail.subject,
          body: mail.text,
          dedupeKey: escalationMailDedupeKey(item.callId, item.level, recipient.userId),
        };
      });
      await mailQueue.enqueue(mails, db);
      const escalation: Escalation = {
        callId: item.callId,
        level: item.level,
        organisationId: item.organisationId,
        liftId: item.liftId,
        startedAt,
        escalatedAt: now,
        limitMinutes: item.limitMinutes,
        recipients: recipients.length,
      };
      await escalated?.(db, escalation);
      return escalation;
    });
  }
}
