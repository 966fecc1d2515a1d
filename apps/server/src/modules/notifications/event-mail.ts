// The notification mail for one event and one subscriber, in the subscriber's language, with the
// deep link the web app opens (spec §2 /events/{eventId}).
import { eventTypes, type EventType } from '@liftwacht/contracts/event-types';
import { formatMailTime } from '../../lib/mail-time.ts';
import { catalogue, interpolate, languageOf } from '../../lib/server-i18n.ts';
import type { Mail } from '../../plugins/mail.ts';

export interface EventMailInput {
  eventId: number;
  type: string;
  floor: number | null;
  startedAt: Date;
  liftName: string;
  address: string;
  recipientName: string;
  recipientEmail: string;
  /** nl | en-GB | en-US */
  locale: string;
}

export function eventTypeLabel(type: string, locale: string): string {
  const labels = catalogue(languageOf(locale)).notifications.eventTypes;
  // An unknown code (newer module firmware) still reads as itself rather than failing the mail.
  return (eventTypes as readonly string[]).includes(type) ? labels[type as EventType] : type;
}

export function renderEventMail(input: EventMailInput, publicUrl: string): Mail {
  const texts = catalogue(languageOf(input.locale)).notifications.eventMail;
  const values = {
    name: input.recipientName,
    type: eventTypeLabel(input.type, input.locale),
    lift: input.liftName,
    address: input.address,
    floor: input.floor === null ? '' : String(input.floor),
    startedAt: formatMailTime(input.startedAt, input.locale),
    link: `${publicUrl}/events/${String(input.eventId)}`,
    subscriptionsLink: `${publicUrl}/subscriptions`,
  };
  const details = [
    texts.type,
    texts.lift,
    texts.address,
    ...(input.floor === null ? [] : [texts.floor]),
    texts.startedAt,
  ];
  const paragraphs = [texts.greeting, texts.intro, details.join('\n'), texts.link, texts.footer];
  return {
    to: input.recipientEmail,
    subject: interpolate(texts.subject, values),
    text: paragraphs.map((p) => interpolate(p, values)).join('\n\n'),
  };
}
