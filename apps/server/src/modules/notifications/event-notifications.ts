// Turns newly created events into queued mails for their subscribers. Queueing is a database write
// next to the event's own; the send happens later in the mail queue worker, so a mail server that is
// slow or down never delays or fails the event.
import { roleNames } from '@liftwacht/contracts/auth';
import { hasPermission } from '@liftwacht/contracts/permissions';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderEventMail } from './event-mail.ts';
import type { EventNotificationsRepository } from './event-notifications.repository.ts';
import type { MailQueueRepository, NewQueuedMail } from './mail-queue.repository.ts';

/** Roles that may open the mail's deep link; a subscription left from an earlier role mails nobody. */
const rolesThatSeeEvents = roleNames.filter((role) => hasPermission([role], 'events.view'));

/** The queue key that makes the mail for one event and one user exist at most once. */
export const eventMailDedupeKey = (eventId: number, userId: number) =>
  `event:${String(eventId)}:user:${String(userId)}`;

export class EventNotifications {
  constructor(
    private readonly recipients: EventNotificationsRepository,
    private readonly queue: MailQueueRepository,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** Queues one mail per subscriber and event; returns how many were new. Idempotent per event. */
  async enqueue(eventIds: readonly number[], db: Db): Promise<number> {
    const rows = await this.recipients.recipients(eventIds, rolesThatSeeEvents, db);
    const mails: NewQueuedMail[] = rows.map((row) => {
      const mail = renderEventMail(
        {
          eventId: row.eventId,
          type: row.type,
          floor: row.floor,
          startedAt: new Date(row.startedAt),
          liftName: row.liftName,
          address: row.address,
          recipientName: row.name,
          recipientEmail: row.email,
          locale: row.locale,
        },
        this.publicUrl,
      );
      return {
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        dedupeKey: eventMailDedupeKey(row.eventId, row.userId),
      };
    });
    return this.queue.enqueue(mails, this.clock.now(), db);
  }
}
