// SQL for the outgoing mail queue (mail_queue): enqueue once per dedupe key, claim due mails so
// that two workers (two server nodes, or a tick and a drain) never send the same mail at once,
// and record the outcome of each attempt.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailQueue } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface NewQueuedMail {
  recipient: string;
  subject: string;
  body: string;
  /** A mail with a key already in the queue (sent or not) is not queued again. */
  dedupeKey: string;
}

export interface QueuedMail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  /** Attempts including the one this claim starts. */
  attempts: number;
}

export class MailQueueRepository {
  constructor(private readonly db: Db) {}

  /** Queues the mails, due now; returns how many were new. `db` may be a caller's transaction. */
  async enqueue(mails: readonly NewQueuedMail[], now: Date, db: Db = this.db): Promise<number> {
    if (mails.length === 0) return 0;
    const rows = await db
      .insert(mailQueue)
      .values(mails.map((m) => ({ ...m, nextAttemptAt: now })))
      .onConflictDoNothing({ target: mailQueue.dedupeKey })
      .returning({ id: mailQueue.id });
    return rows.length;
  }

  /**
   * Claims up to `limit` due mails: counts the attempt and moves the next attempt to `leaseUntil`,
   * in one statement with SKIP LOCKED. Another worker then skips them, and a process that dies while
   * sending leaves them to be retried once the lease runs out instead of losing them.
   */
  async claimDue(now: Date, leaseUntil: Date, maxAttempts: number, limit: number): Promise<QueuedMail[]> {
    const rows = await sqlRows<QueuedMail>(
      this.db,
      sql`
      update mail_queue m
      set attempts = m.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      from (
        select id from mail_queue
        where sent_at is null and attempts < ${maxAttempts}
          and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      ) due
      where m.id = due.id
      returning m.id::float8 as id, m.recipient, m.subject, m.body, m.attempts::int as attempts`,
    );
    return rows.sort((a, b) => a.id - b.id);
  }

  async markSent(id: number, now: Date): Promise<void> {
    await this.db.update(mailQueue).set({ sentAt: now }).where(eq(mailQueue.id, id));
  }

  async markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.db.update(mailQueue).set({ lastError: error, nextAttemptAt }).where(eq(mailQueue.id, id));
  }
}
