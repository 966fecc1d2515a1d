// SQL of the ingest path. Every write is one set-based statement per batch (rows travel as one JSON
// parameter), so a batch of hundreds of messages costs a dozen round trips, not thousands.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import {
  managedOpenEventTypes,
  stateKeys,
  type CallUpsert,
  type CounterAdd,
  type LiftState,
  type NewEvent,
  type SenseValue,
  type StateKey,
} from './derive-changes.ts';

export interface ModuleRow {
  id: number;
  esNumber: string;
  liftId: number | null;
  organisationId: number | null;
  hasIntercom: boolean;
  lastSeenAt: Date | null;
  connected: boolean;
}

const json = (rows: readonly unknown[]) => sql`${JSON.stringify(rows)}::json`;
const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

export class IngestRepository {
  constructor(readonly db: Db) {}

  /**
   * The modules of a batch, locked in id order until commit: batches from several nodes touching
   * the same module take turns, so no two of them open the same event twice.
   */
  async lockModules(tx: Db, esNumbers: readonly string[]): Promise<ModuleRow[]> {
    const rows = await sqlRows<Omit<ModuleRow, 'lastSeenAt'> & { lastSeenAt: Date | string | null }>(
      tx,
      sql`
      select m.id, m.es_number as "esNumber", m.lift_id as "liftId", l.organisation_id as "organisationId",
             coalesce(l.lift_type is not null, false) as "hasIntercom", m.last_seen_at as "lastSeenAt", m.connected
      from modules m left join lifts l on l.id = m.lift_id
      where m.es_number = any(${sql.param([...esNumbers])}::text[])
      order by m.id
      for update of m`,
    );
    return rows.map((r) => ({ ...r, lastSeenAt: toDate(r.lastSeenAt) }));
  }

  /** Records message keys; returns the ones not seen before (the others are redeliveries). */
  async claimMessages(tx: Db, messages: readonly { key: string; es: string }[], now: Date): Promise<Set<string>> {
    if (messages.length === 0) return new Set();
    const rows = await sqlRows<{ key: string }>(
      tx,
      sql`
      insert into ingested_messages (message_id, es_number, received_at)
      select u.k, u.e, ${now.toISOString()}::timestamptz
      from unnest(${sql.param(messages.map((m) => m.key))}::text[], ${sql.param(messages.map((m) => m.es))}::text[]) as u(k, e)
      on conflict (message_id) do nothing
      returning message_id as key`,
    );
    return new Set(rows.map((r) => r.key));
  }

  /** Open events and last applied state of the lifts, read after their modules were locked. */
  async liftStates(
    tx: Db,
    lifts: readonly { liftId: number; organisationId: number; hasIntercom: boolean }[],
  ): Promise<Map<number, LiftState>> {
    const states = new Map<number, LiftState>(
      lifts.map((l) => [l.liftId, { ...l, openEvents: [], stateAt: {}, lastFloor: null }]),
    );
    if (lifts.length === 0) return states;
    const liftIds = sql.param(lifts.map((l) => l.liftId));
    const [open, sense] = [
      await sqlRows<{
        id: number;
        liftId: number;
        type: string;
        startedAt: Date | string;
        floor: number | null;
        data: Record<string, unknown> | null;
      }>(
        tx,
        sql`
        select id::float8 as id, lift_id as "liftId", type, started_at as "startedAt", floor::int as floor, data
        from events
        where lift_id = any(${liftIds}::int[]) and ended_at is null
          and type = any(${sql.param([...managedOpenEventTypes])}::text[])
        order by started_at, id`,
      ),
      await sqlRows<{ liftId: number; key: StateKey; value: unknown; at: Date | string }>(
        tx,
        sql`
        select lift_id as "liftId", key, value, at from sense_data
        where lift_id = any(${liftIds}::int[]) and key = any(${sql.param([...stateKeys])}::text[])`,
      ),
    ];
    for (const e of open) {
      states.get(e.liftId)?.openEvents.push({
        id: Number(e.id),
        type: e.type,
        startedAt: new Date(e.startedAt),
        floor: e.floor,
        data: e.data,
      });
    }
    for (const s of sense) {
      const state = states.get(s.liftId);
      if (!state) continue;
      state.stateAt[s.key] = new Date(s.at);
      if (s.key === 'floor' && typeof s.value === 'number') state.lastFloor = s.value;
    }
    return states;
  }

  /** Inserts events; returns the ids of those created (a repeated source message id creates none). */
  async insertEvents(tx: Db, rows: readonly NewEvent[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const created = await sqlRows<{ id: number }>(
      tx,
      sql`
      insert into events (lift_id, type, started_at, ended_at, closed, floor, data, source_message_id)
      select r.lift_id, r.type, r.started_at, r.ended_at, r.ended_at is not null, r.floor, r.data, r.source_message_id
      from json_to_recordset(${json(
        rows.map((e) => ({
          lift_id: e.liftId,
          type: e.type,
          started_at: e.startedAt.toISOString(),
          ended_at: e.endedAt?.toISOString() ?? null,
          floor: e.floor,
          data: e.data,
          source_message_id: e.sourceMessageId,
        })),
      )}) as r(lift_id int, type text, started_at timestamptz, ended_at timestamptz, floor smallint, data jsonb,
               source_message_id text)
      on conflict (source_message_id) do nothing
      returning id::float8 as id`,
    );
    return created.map((r) => Number(r.id));
  }

  async closeEvents(tx: Db, closes: readonly { id: number; endedAt: Date }[]): Promise<void> {
    if (closes.length === 0) return;
    await tx.execute(sql`
      update events e set ended_at = r.ended_at, closed = true
      from json_to_recordset(${json(closes.map((c) => ({ id: c.id, ended_at: c.endedAt.toISOString() })))})
        as r(id bigint, ended_at timestamptz)
      where e.id = r.id and e.ended_at is null`);
  }

  /**
   * Alarm and test calls. A call's phases may arrive in any order and in different batches, so each
   * phase fills in what it knows and the status follows from the timestamps present.
   */
  async upsertCalls(tx: Db, calls: readonly CallUpsert[]): Promise<void> {
    if (calls.length === 0) return;
    const rows = calls.map((c) => ({
      lift_id: c.liftId,
      source_id: c.sourceId,
      kind: c.kind,
      received_at: c.receivedAt?.toISOString() ?? null,
      acknowledged_at: c.acknowledgedAt?.toISOString() ?? null,
      ended_at: c.endedAt?.toISOString() ?? null,
      first_seen_at: c.firstSeenAt.toISOString(),
      test_result: c.testResult,
      handled_by: c.handledBy,
      notes: c.notes,
    }));
    await tx.execute(sql`
      with r as (
        select * from json_to_recordset(${json(rows)}) as r(lift_id int, source_id text, kind text,
          received_at timestamptz, acknowledged_at timestamptz, ended_at timestamptz, first_seen_at timestamptz,
          test_result text, handled_by text, notes text)
      ),
      updated as (
        update calls c set
          started_at = coalesce(r.received_at, least(c.started_at, r.first_seen_at)),
          acknowledged_at = coalesce(c.acknowledged_at, r.acknowledged_at),
          ended_at = coalesce(c.ended_at, r.ended_at),
          kind = coalesce(r.kind, c.kind),
          handled_by = coalesce(r.handled_by, c.handled_by),
          notes = coalesce(r.notes, c.notes),
          test_result = coalesce(r.test_result, c.test_result),
          status = case when coalesce(c.ended_at, r.ended_at) is not null then 'ended'
                        when coalesce(c.acknowledged_at, r.acknowledged_at) is not null then 'acknowledged'
                        else 'received' end
        from r
        where c.source_message_id = r.source_id
        returning c.source_message_id
      )
      insert into calls (lift_id, started_at, acknowledged_at, ended_at, kind, status, test_result, handled_by, notes,
                         source_message_id)
      select r.lift_id, coalesce(r.received_at, r.first_seen_at), r.acknowledged_at, r.ended_at, coalesce(r.kind, 'other'),
             case when r.ended_at is not null then 'ended' when r.acknowledged_at is not null then 'acknowledged'
                  else 'received' end,
             r.test_result, r.handled_by, r.notes, r.source_id
      from r
      where r.source_id not in (select source_message_id from updated)
      on conflict (source_message_id) do nothing`);
  }

  /** Adds to the 15-minute buckets and to the local-day rollup in one statement. */
  async addCounters(tx: Db, counters: readonly CounterAdd[]): Promise<void> {
    if (counters.length === 0) return;
    const rows = counters.map((c) => ({
      lift_id: c.liftId,
      kind: c.kind,
      bucket_start: c.bucketStart.toISOString(),
      value: c.value,
    }));
    await tx.execute(sql`
      with r as (
        select * from json_to_recordset(${json(rows)}) as r(lift_id int, kind text, bucket_start timestamptz, value bigint)
      ),
      buckets as (
        insert into counters (lift_id, kind, bucket_start, value)
        select lift_id, kind, bucket_start, value from r
        on conflict (lift_id, kind, bucket_start) do update set value = counters.value + excluded.value
      )
      insert into daily_counters (lift_id, kind, day, value)
      select lift_id, kind, (bucket_start at time zone ${businessTimeZone})::date, sum(value) from r
      group by 1, 2, 3
      on conflict (lift_id, kind, day) do update set value = daily_counters.value + excluded.value`);
  }

  /** Latest value per lift and key; an older reading never overwrites a newer one. */
  async upsertSenseData(tx: Db, values: readonly SenseValue[]): Promise<void> {
    if (values.length === 0) return;
    const rows = values.map((v) => ({ lift_id: v.liftId, key: v.key, value: v.value, at: v.at.toISOString() }));
    await tx.execute(sql`
      insert into sense_data (lift_id, key, value, at)
      select r.lift_id, r.key, coalesce(r.value, 'null'::jsonb), r.at
      from json_to_recordset(${json(rows)}) as r(lift_id int, key text, value jsonb, at timestamptz)
      on conflict (lift_id, key) do update set value = excluded.value, at = excluded.at
      where sense_data.at <= excluded.at`);
  }

  /** Heard from now: last seen, connected, and the firmware a boot report named. */
  async touchModules(tx: Db, modules: readonly { id: number; firmware: string | null }[], now: Date): Promise<void> {
    if (modules.length === 0) return;
    await tx.execute(sql`
      update modules m
      set last_seen_at = greatest(coalesce(m.last_seen_at, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz),
          connected = true,
          firmware = coalesce(r.firmware, m.firmware)
      from json_to_recordset(${json(modules)}) as r(id int, firmware text)
      where m.id = r.id`);
  }
}
