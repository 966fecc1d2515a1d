// The escalation mail for one call, one level and one subscriber, in the subscriber's language: which
// lift and where, since when and for how long the call has run, and the link to current calls.
import type { EscalationLevel } from '@liftwacht/contracts/escalations';
import { formatDuration } from '../../lib/format-duration.ts';
import { formatMailTime } from '../../lib/mail-time.ts';
import { catalogue, interpolate, languageOf } from '../../lib/server-i18n.ts';
import type { Mail } from '../../plugins/mail.ts';

export interface EscalationMailInput {
  level: EscalationLevel;
  /** The limit that passed, in minutes. */
  limitMinutes: number;
  startedAt: Date;
  now: Date;
  liftName: string;
  buildingName: string | null;
  /** Street, postal code and city as one line. */
  address: string;
  recipientName: string;
  recipientEmail: string;
  /** nl | en-GB | en-US */
  locale: string;
}

export function renderEscalationMail(input: EscalationMailInput, publicUrl: string): Mail {
  const language = languageOf(input.locale);
  const texts = catalogue(language).escalations.mail;
  const level = String(input.level) as `${EscalationLevel}`;
  const values = {
    name: input.recipientName,
    lift: input.liftName,
    building: input.buildingName ?? '',
    address: input.address,
    limit: formatDuration(input.limitMinutes * 60, language),
    startedAt: formatMailTime(input.startedAt, input.locale),
    running: formatDuration((input.now.getTime() - input.startedAt.getTime()) / 1000, language),
    link: `${publicUrl}/current-calls`,
    subscriptionsLink: `${publicUrl}/subscriptions`,
  };
  const details = [
    texts.lift,
    ...(input.buildingName ? [texts.building] : []),
    texts.address,
    texts.startedAt,
    texts.running,
  ];
  const paragraphs = [texts.greeting, texts.intro[level], details.join('\n'), texts.link, texts.footer];
  return {
    to: input.recipientEmail,
    subject: interpolate(texts.subject[level], values),
    text: paragraphs.map((p) => interpolate(p, values)).join('\n\n'),
  };
}
