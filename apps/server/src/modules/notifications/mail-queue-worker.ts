// Sends what mail_queue holds through the app's mailer (SMTP or the outbox folder), off the
// request path: a slow or failing mail server never delays or fails the work that queued the mail.
// A failed send is logged and retried with exponential backoff until maxAttempts.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { databaseUnavailability } from '../../lib/database-errors.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { MailQueueRepository, NewQueuedMail } from './mail-queue.repository.ts';

export interface MailQueueSettings {
  /** How often the worker looks for due mails (new mails also wake it at once). */
  intervalMs: number;
  /** Mails claimed per round trip. */
  batchSize: number;
  /** Attempts before a mail is given up (it stays in the table with its last error). */
  maxAttempts: number;
  /** Delay after the first failure; doubles per failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claimed mail is reserved for the worker sending it. */
  leaseMs: number;
}

// Candidates for MAIL_QUEUE_* settings in config.ts; until then these defaults hold. Ten attempts
// at 1, 2, 4, … minutes (capped at an hour) ride out about five hours of mail server trouble.
export const defaultMailQueueSettings: MailQueueSettings = {
  intervalMs: 10_000,
  batchSize: 25,
  maxAttempts: 10,
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
};

/** Wait before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number, settings: Pick<MailQueueSettings, 'retryBaseMs' | 'retryMaxMs'>) {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

export interface MailQueueResult {
  sent: number;
  failed: number;
}

export class MailQueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Passes run one after another; this is the tail of that chain. */
  private tail: Promise<unknown> = Promise.resolve();
  /** A woken pass is queued and has not started yet, so another wake adds nothing. */
  private wakePending = false;

  constructor(
    private readonly repository: MailQueueRepository,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    readonly settings: MailQueueSettings = defaultMailQueueSettings,
  ) {}

  /** Starts the periodic pass (and one right away for mails left from before a restart). */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.settings.intervalMs);
    // The timer alone never keeps the process alive; shutdown stops it explicitly.
    this.timer.unref();
    this.wake();
  }

  /**
   * Queues mails, due now, in the caller's transaction `db`, so they exist exactly when the change
   * they report commits; a dedupe key already queued adds nothing. Returns how many were new.
   * wake() once the transaction has committed.
   */
  enqueue(mails: readonly NewQueuedMail[], db: Db): Promise<number> {
    return this.repository.enqueue(mails, this.clock.now(), db);
  }

  /**
   * Queues mails, due now, in the caller's transaction when `db` is given; answers the new mails' ids
   * by dedupe key. Call wake() after the commit to send them at once.
   */
  enqueueReturningIds(mails: readonly NewQueuedMail[], db?: Db): Promise<Map<string, number>> {
    return this.repository.enqueueReturningIds(mails, this.clock.now(), db);
  }

  /** Sends due mails soon, without waiting. Call after queueing mails outside a request's transaction. */
  wake(): void {
    if (this.stopped || this.wakePending) return;
    this.wakePending = true;
    void this.exclusive(() => {
      this.wakePending = false;
      return this.sendDue();
    }).catch((err: unknown) => {
      // The next tick (or wake) tries again; a mail claimed but not marked is sent again after its lease.
      if (databaseUnavailability(err)) this.log.warn({ err }, 'mail queue pass skipped: database unavailable');
      else this.log.error({ err }, 'mail queue pass failed');
    });
  }

  /** Sends every mail due by the clock now, after any pass already running; for tests and tools. */
  drain(): Promise<MailQueueResult> {
    return this.exclusive(() => this.sendDue());
  }

  /** Mails waiting to be sent, for metrics. */
  depth(): Promise<number> {
    return this.repository.countWaiting(this.settings.maxAttempts);
  }

  /** Stops the timer and waits for the pass in flight, so the mailer and database can close. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.tail.catch(() => undefined);
  }

  private exclusive<T>(pass: () => Promise<T>): Promise<T> {
    const run = this.tail.then(pass, pass);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async sendDue(): Promise<MailQueueResult> {
    const result: MailQueueResult = { sent: 0, failed: 0 };
    for (;;) {
      const now = this.clock.now();
      const batch = await this.repository.claimDue(
        now,
        new Date(now.getTime() + this.settings.leaseMs),
        this.settings.maxAttempts,
        this.settings.batchSize,
      );
      for (const mail of batch) {
        let failure: { err: unknown } | undefined;
        try {
          await this.mailer.send({
            to: mail.recipient,
            subject: mail.subject,
            text: mail.body,
            ...(mail.attachments.length > 0 ? { attachments: mail.attachments } : {}),
          });
        } catch (err) {
          failure = { err };
        }
        // Outside the try: a mail that went out is never recorded as failed (and sent twice).
        if (failure) {
          result.failed++;
          await this.recordFailure(mail.id, mail.attempts, failure.err);
        } else {
          await this.repository.markSent(mail.id, this.clock.now());
          result.sent++;
        }
      }
      // A short batch means nothing else is due; failed mails wait for their retry time.
      if (batch.length < this.settings.batchSize || this.stopped) return result;
    }
  }

  private async recordFailure(id: number, attempts: number, err: unknown): Promise<void> {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const retryAt = new Date(this.clock.now().getTime() + retryDelayMs(attempts, this.settings));
    await this.repository.markFailed(id, message, retryAt);
    if (attempts >= this.settings.maxAttempts) {
      this.log.error({ err, mailId: id, attempts }, 'mail could not be sent; giving up');
    } else {
      this.log.warn(
        { err, mailId: id, attempts, retryAt: retryAt.toISOString() },
        'mail could not be sent; will retry',
      );
    }
  }
}
