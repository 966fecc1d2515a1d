// The one way server code creates lift events at runtime so that subscribers are mailed (ingest,
// rules, jobs). The demo seed writes its history straight into the table and mails nobody.
import type { FastifyBaseLogger } from 'fastify';
import { eventTypes, type EventType } from '@liftwacht/contracts/event-types';
import type { Db } from '../../db/database.ts';
import type { EventNotifications } from '../notifications/event-notifications.ts';
import type { MailQueueWorker } from '../notifications/mail-queue-worker.ts';
import type { EventsRepository } from './events.repository.ts';

export interface NewLiftEvent {
  liftId: number;
  type: EventType;
  startedAt: Date;
  /** Omit (or null) for an event still going on. */
  endedAt?: Date | null;
  floor?: number | null;
  data?: Record<string, unknown> | null;
  /** The module message the event came from; a repeat of it records nothing and mails nobody. */
  sourceMessageId?: string | null;
}

export interface RecordOptions {
  /**
   * The caller's transaction. The event and its mails then commit or roll back with it; call
   * `app.mailQueue.wake()` after the commit to send at once (else the worker's next tick sends).
   */
  db?: Db;
}

export class LiftEventRecorder {
  constructor(
    private readonly repository: EventsRepository,
    private readonly notifications: EventNotifications,
    // Only woken; ingest's worker thread has no mail worker of its own and passes a stand-in.
    private readonly mailQueue: Pick<MailQueueWorker, 'wake'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Stores one event and queues one mail per subscriber in the same transaction, then wakes the
   * mail worker. Returns created false (and queues nothing) for a sourceMessageId already stored.
   */
  async recordEvent(input: NewLiftEvent, options: RecordOptions = {}): Promise<{ id: number; created: boolean }> {
    if (!(eventTypes as readonly string[]).includes(input.type)) throw new Error(`unknown event type ${input.type}`);
    if (input.endedAt && input.endedAt < input.startedAt) throw new Error('event ends before it starts');
    const write = async (db: Db) => {
      if (!(await this.repository.liftExists(input.liftId, db))) throw new Error(`no lift ${String(input.liftId)}`);
      const result = await this.repository.insert(
        {
          liftId: input.liftId,
          type: input.type,
          startedAt: input.startedAt,
          endedAt: input.endedAt ?? null,
          floor: input.floor ?? null,
          data: input.data ?? null,
          sourceMessageId: input.sourceMessageId ?? null,
        },
        db,
      );
      if (result.created) await this.queueMails([result.id], db);
      return result;
    };
    if (options.db) return write(options.db);
    const result = await this.repository.db.transaction((tx) => write(tx as unknown as Db));
    if (result.created) this.mailQueue.wake();
    return result;
  }

  /**
   * A state event (approval_rejected, approval_expired): opens it on the lift unless one of its type
   * is open already, with the subscribers' mails. Returns the new event's id, or null.
   */
  async openState(input: NewLiftEvent & { endedAt?: null }, options: RecordOptions = {}): Promise<number | null> {
    const open = await this.repository.openOf(input.liftId, [input.type], options.db);
    if (open.length > 0) return null;
    return (await this.recordEvent(input, options)).id;
  }

  /** Ends the lift's open events of these types at `endedAt` (a rejection fixed by an approval). */
  async endState(
    liftId: number,
    types: readonly EventType[],
    endedAt: Date,
    options: RecordOptions = {},
  ): Promise<number> {
    const open = await this.repository.openOf(liftId, types, options.db);
    await this.repository.end(
      open.map((e) => e.id),
      endedAt,
      options.db,
    );
    return open.length;
  }

  /**
   * Ends the alarm_call event of the call received at `callStartedAt` on the lift, when a person
   * ends the call in the portal (ingest ends it itself when the module reports the end).
   */
  async endCallEvent(liftId: number, callStartedAt: Date, endedAt: Date, options: RecordOptions = {}): Promise<number> {
    const open = await this.repository.openCallEvents(liftId, callStartedAt, options.db);
    await this.repository.end(open, endedAt, options.db);
    return open.length;
  }

  /**
   * For code that inserts events itself (bulk ingest): queues the subscribers' mails for these new
   * events. Safe to repeat (one mail per event and user, ever). Never throws: a failure to queue is
   * logged and the events stand. Without `db` the mails go out at once.
   */
  async notifyEventsCreated(eventIds: readonly number[], options: RecordOptions = {}): Promise<number> {
    if (eventIds.length === 0) return 0;
    const queued = await this.queueMails(eventIds, options.db ?? this.repository.db);
    if (!options.db && queued > 0) this.mailQueue.wake();
    return queued;
  }

  /**
   * In a savepoint of `db` (or its own transaction): if queueing fails, only the mails roll back and
   * the event's transaction can still commit.
   */
  private async queueMails(eventIds: readonly number[], db: Db): Promise<number> {
    try {
      return await db.transaction((sp) => this.notifications.enqueue(eventIds, sp as unknown as Db));
    } catch (err) {
      this.log.error({ err, eventIds }, 'could not queue notification mails; the events are stored');
      return 0;
    }
  }
}
