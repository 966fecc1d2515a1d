// A lift event as the API shows it, without its lift, read the same way for the events list, one
// event, and a lift's open faults and last events on its on-site summary.
import { sql } from 'drizzle-orm';
import type { EventType } from '@liftwacht/contracts/event-types';
import type { OnSiteEvent } from '@liftwacht/contracts/lift-on-site';
import { runningSecondsSql } from './local-time-sql.ts';
import { events } from './schema.ts';

/** Over: ended, or closed by hand (ingest may close before it knows the end). */
export const eventClosedSql = sql<boolean>`(${events.closed} or ${events.endedAt} is not null)`;
/** Seconds from start to end; for an event still going on, to now. */
export const eventDurationSql = (now: Date) => runningSecondsSql(events.startedAt, events.endedAt, now);

/** The events columns of an event; the lift comes from the caller's join when it shows one. */
export const eventColumns = (now: Date) => ({
  id: events.id,
  type: events.type,
  floor: events.floor,
  startedAt: events.startedAt,
  endedAt: events.endedAt,
  closed: eventClosedSql,
  durationSeconds: eventDurationSql(now),
});

export interface EventColumnsRow {
  id: number;
  type: string;
  floor: number | null;
  startedAt: Date;
  endedAt: Date | null;
  closed: boolean;
  durationSeconds: number;
}

/** An event without its lift: every field of a LiftEvent but `lift`. */
export const toEventFields = (r: EventColumnsRow): OnSiteEvent => ({
  id: r.id,
  type: r.type as EventType,
  floor: r.floor,
  startedAt: r.startedAt.toISOString(),
  endedAt: r.endedAt?.toISOString() ?? null,
  durationSeconds: r.durationSeconds,
  closed: r.closed,
});
