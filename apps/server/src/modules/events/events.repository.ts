// SQL for lift events: the filtered list, one event with its lift, the calls and visits around it,
// and inserting a new event.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Call } from '@liftwacht/contracts/calls';
import type { EventSort, EventVisit, LiftEvent } from '@liftwacht/contracts/events';
import { eventTypes, type EventType } from '@liftwacht/contracts/event-types';
import type { Db } from '../../db/database.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';
import { calls, events, lifts, visits } from '../../db/schema.ts';
import { callColumns, toCall } from '../../db/call-rows.ts';
import {
  eventClosedSql,
  eventColumns as eventFieldColumns,
  eventDurationSql,
  toEventFields,
  type EventColumnsRow,
} from '../../db/event-rows.ts';
import { packedIds, unpackIds } from '../../lib/packed-ids.ts';

export interface EventFilter {
  organisationId: number;
  /** Already narrowed by "only unavailability"; an empty list matches nothing. */
  types: readonly EventType[] | undefined;
  liftIds: readonly number[] | undefined;
  from: string | undefined;
  to: string | undefined;
  showClosed: boolean;
  sort: EventSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface EventRow {
  event: LiftEvent;
  organisationId: number;
  data: Record<string, unknown> | null;
}

export interface NewEventRow {
  liftId: number;
  type: EventType;
  startedAt: Date;
  endedAt: Date | null;
  floor: number | null;
  data: Record<string, unknown> | null;
  sourceMessageId: string | null;
}

const eventColumns = (now: Date) => ({
  ...eventFieldColumns(now),
  liftId: lifts.id,
  liftName: lifts.name,
  address: lifts.address,
});

type EventSelect = EventColumnsRow & { liftId: number; liftName: string; address: string };

function toEvent(r: EventSelect): LiftEvent {
  const { id, type, ...rest } = toEventFields(r);
  return { id, type, lift: { id: r.liftId, name: r.liftName, address: r.address }, ...rest };
}

export class EventsRepository {
  constructor(readonly db: Db) {}

  async list(filter: EventFilter, now: Date): Promise<{ items: LiftEvent[]; total: number }> {
    const where = this.where(filter);
    const [rows, totals] = await Promise.all([
      this.db
        .select(eventColumns(now))
        .from(events)
        .innerJoin(lifts, eq(lifts.id, events.liftId))
        .where(where)
        .orderBy(...this.order(filter, now))
        .limit(filter.limit)
        .offset(filter.offset),
      this.db.select({ n: count() }).from(events).innerJoin(lifts, eq(lifts.id, events.liftId)).where(where),
    ]);
    return { items: rows.map(toEvent), total: totals[0]?.n ?? 0 };
  }

  /** The ids of every event the list shows for the filter, in its order (the export). */
  async orderedIds(filter: Omit<EventFilter, 'limit' | 'offset'>, now: Date): Promise<number[]> {
    const [row] = await this.db
      .select({ ids: packedIds(events.id, this.order(filter, now)) })
      .from(events)
      .innerJoin(lifts, eq(lifts.id, events.liftId))
      .where(this.where(filter));
    return unpackIds(row?.ids);
  }

  /** Events by id, as the list shows them, in no particular order. */
  async findByIds(ids: readonly number[], now: Date): Promise<LiftEvent[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(eventColumns(now))
      .from(events)
      .innerJoin(lifts, eq(lifts.id, events.liftId))
      .where(inArray(events.id, [...ids]));
    return rows.map(toEvent);
  }

  private order(filter: Pick<EventFilter, 'sort' | 'order'>, now: Date): SQL[] {
    const direction = filter.order === 'asc' ? asc : desc;
    const sortColumn: Record<EventSort, AnyColumn | SQL> = {
      startedAt: events.startedAt,
      endedAt: events.endedAt,
      duration: eventDurationSql(now),
      type: events.type,
      lift: lifts.name,
    };
    return [direction(sortColumn[filter.sort]), direction(events.id)];
  }

  private where(filter: Omit<EventFilter, 'limit' | 'offset'>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
      eq(lifts.organisationId, filter.organisationId),
      // The contract lists the known codes; a stray code in the table must not break the list.
      inArray(events.type, filter.types ? [...filter.types] : [...eventTypes]),
    ];
    if (filter.liftIds) conditions.push(inArray(events.liftId, [...filter.liftIds]));
    // Overlap with the period: an event still open runs on, so it overlaps every later period.
    if (filter.from) conditions.push(or(isNull(events.endedAt), gt(events.endedAt, localDayStartSql(filter.from))));
    if (filter.to) conditions.push(lt(events.startedAt, localDayEndSql(filter.to)));
    if (!filter.showClosed) conditions.push(sql`not ${eventClosedSql}`);
    return and(...conditions);
  }

  async find(id: number, now: Date): Promise<EventRow | undefined> {
    const [row] = await this.db
      .select({ ...eventColumns(now), organisationId: lifts.organisationId, data: events.data })
      .from(events)
      .innerJoin(lifts, eq(lifts.id, events.liftId))
      .where(and(eq(events.id, id), inArray(events.type, [...eventTypes])));
    if (!row) return undefined;
    return { event: toEvent(row), organisationId: row.organisationId, data: row.data ?? null };
  }

  /** Calls at the lift whose span [received, ended or now] overlaps [from, to]. */
  async callsDuring(
    lift: Call['lift'],
    from: Date,
    to: Date,
    now: Date,
    limit: number,
  ): Promise<{ items: Call[]; total: number }> {
    const where = and(
      eq(calls.liftId, lift.id),
      lte(calls.startedAt, to),
      or(isNull(calls.endedAt), gte(calls.endedAt, from)),
    );
    const [rows, totals] = await Promise.all([
      this.db
        .select(callColumns(now))
        .from(calls)
        .where(where)
        .orderBy(asc(calls.startedAt), asc(calls.id))
        .limit(limit),
      this.db.select({ n: count() }).from(calls).where(where),
    ]);
    return {
      items: rows.map((r) => toCall(r, lift)),
      total: totals[0]?.n ?? 0,
    };
  }

  /** Visits at the lift whose span [start, end or now] overlaps [from, to]. */
  async visitsDuring(
    liftId: number,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<{ items: EventVisit[]; total: number }> {
    const where = and(
      eq(visits.liftId, liftId),
      lte(visits.startedAt, to),
      or(isNull(visits.endedAt), gte(visits.endedAt, from)),
    );
    const [rows, totals] = await Promise.all([
      this.db.select().from(visits).where(where).orderBy(asc(visits.startedAt), asc(visits.id)).limit(limit),
      this.db.select({ n: count() }).from(visits).where(where),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        type: r.type,
        role: r.role,
        state: r.state,
        startedAt: r.startedAt.toISOString(),
        endedAt: r.endedAt?.toISOString() ?? null,
        person: r.person,
        remarks: r.remarks,
      })),
      total: totals[0]?.n ?? 0,
    };
  }

  async liftExists(liftId: number, db: Db = this.db): Promise<boolean> {
    const [row] = await db.select({ id: lifts.id }).from(lifts).where(eq(lifts.id, liftId));
    return row !== undefined;
  }

  /**
   * Inserts the event; with a sourceMessageId already stored, inserts nothing and returns the stored
   * event's id with created false (ingest redelivers QoS 1 messages).
   */
  async insert(row: NewEventRow, db: Db = this.db): Promise<{ id: number; created: boolean }> {
    const [inserted] = await db
      .insert(events)
      .values({ ...row, closed: row.endedAt !== null })
      .onConflictDoNothing({ target: events.sourceMessageId })
      .returning({ id: events.id });
    if (inserted) return { id: inserted.id, created: true };
    const [existing] = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.sourceMessageId, row.sourceMessageId ?? ''));
    if (!existing) throw new Error('event neither inserted nor found');
    return { id: existing.id, created: false };
  }

  /** The lift's events of these types still going on (state events: one at a time per type). */
  async openOf(liftId: number, types: readonly string[], db: Db = this.db): Promise<{ id: number; type: string }[]> {
    return db
      .select({ id: events.id, type: events.type })
      .from(events)
      .where(and(eq(events.liftId, liftId), inArray(events.type, [...types]), isNull(events.endedAt)));
  }

  /** The open alarm_call events of a call: the event starts when the call is received. */
  async openCallEvents(liftId: number, callStartedAt: Date, db: Db = this.db): Promise<number[]> {
    const rows = await db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.liftId, liftId),
          eq(events.type, 'alarm_call'),
          eq(events.startedAt, callStartedAt),
          isNull(events.endedAt),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** Ends these events at `endedAt` (never before they started). */
  async end(ids: readonly number[], endedAt: Date, db: Db = this.db): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(events)
      .set({ endedAt: sql`greatest(${events.startedAt}, ${endedAt.toISOString()}::timestamptz)`, closed: true })
      .where(inArray(events.id, [...ids]));
  }
}
