// SQL for the outgoing mail queue (mail_queue): enqueue once per dedupe key, claim due mails so
// that two workers (two server nodes, or a tick and a drain) never send the same mail at once,
// and record the outcome of each attempt.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailAttachments, mailQueue } from '../../db/schema.ts';
import type { MailAttachment } from '../../plugins/mail.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface NewQueuedMail {
  recipient: string;
  subject: string;
  body: string;
  /** A mail with a key already in the queue (sent or not) is not queued again. */
  dedupeKey: string;
  /** Stored with the mail, so every attempt sends the same files. */
  attachments?: MailAttachment[];
}

export interface QueuedMail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  /** Attempts including the one this claim starts. */
  attempts: number;
  attachments: MailAttachment[];
}

export class MailQueueRepository {
  constructor(private readonly db: Db) {}

  /** Queues the mails, due now; returns how many were new. `db` may be a caller's transaction. */
  async enqueue(mails: readonly NewQueuedMail[], now: Date, db: Db = this.db): Promise<number> {
    return (await this.enqueueReturningIds(mails, now, db)).size;
  }

  /** Like enqueue; answers the new mails' ids by dedupe key (a key already queued is absent). */
  async enqueueReturningIds(
    mails: readonly NewQueuedMail[],
    now: Date,
    db: Db = this.db,
  ): Promise<Map<string, number>> {
    if (mails.length === 0) return new Map();
    const rows = await db
      .insert(mailQueue)
      .values(
        mails.map((m) => ({
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          dedupeKey: m.dedupeKey,
          nextAttemptAt: now,
        })),
      )
      .onConflictDoNothing({ target: mailQueue.dedupeKey })
      .returning({ id: mailQueue.id, dedupeKey: mailQueue.dedupeKey });
    const ids = new Map(rows.map((r) => [r.dedupeKey ?? '', r.id]));
    const files = mails.flatMap((m) => {
      const mailId = ids.get(m.dedupeKey);
      return mailId === undefined ? [] : (m.attachments ?? []).map((a) => ({ mailId, ...a }));
    });
    if (files.length > 0) await db.insert(mailAttachments).values(files);
    return ids;
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
    const files =
      rows.length === 0
        ? []
        : await this.db
            .select()
            .from(mailAttachments)
            .where(
              inArray(
                mailAttachments.mailId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(mailAttachments.id);
    return rows
      .map((row) => ({
        ...row,
        attachments: files
          .filter((f) => f.mailId === row.id)
          .map((f) => ({ filename: f.filename, contentType: f.contentType, content: f.content })),
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** Mails not sent yet that still have attempts left (the partial pending index covers it). */
  async countWaiting(maxAttempts: number): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from mail_queue where sent_at is null and attempts < ${maxAttempts}`,
    );
    return row?.n ?? 0;
  }

  async markSent(id: number, now: Date): Promise<void> {
    await this.db.update(mailQueue).set({ sentAt: now }).where(eq(mailQueue.id, id));
  }

  async markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.db.update(mailQueue).set({ lastError: error, nextAttemptAt }).where(eq(mailQueue.id, id));
  }
}
