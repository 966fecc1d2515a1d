// Makes the event recorder available to every module as app.liftEvents, so ingest, rules and jobs
// create events through one function that also mails the subscribers.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EventNotificationsRepository } from '../notifications/event-notifications.repository.ts';
import { EventNotifications } from '../notifications/event-notifications.ts';
import { MailQueueRepository } from '../notifications/mail-queue.repository.ts';
import { LiftEventRecorder } from './event-recorder.ts';
import { EventsRepository } from './events.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `recordEvent(...)` to create an event; `notifyEventsCreated(ids)` after inserting events yourself. */
    liftEvents: LiftEventRecorder;
  }
}

export const eventsPlugin = fp(
  (app: FastifyInstance) => {
    const notifications = new EventNotifications(
      new EventNotificationsRepository(app.db),
      new MailQueueRepository(app.db),
      app.clock,
      app.config.publicUrl,
    );
    app.decorate(
      'liftEvents',
      new LiftEventRecorder(
        new EventsRepository(app.db),
        notifications,
        app.mailQueue,
        app.log.child({ module: 'events' }),
      ),
    );
  },
  { name: 'lift-events', dependencies: ['core', 'mail-queue'] },
);
