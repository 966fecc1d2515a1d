// SQL of the ingest path. Every write is one set-based statement per batch (rows travel as one JSON
// parameter), so a batch of hundreds of messages costs a dozen round trips, not thousands.
import { sql, type SQL } from 'drizzle-orm';
import { serviceModeSchema } from '@liftwacht/contracts/ingest';
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

/** A module a batch heard from: the firmware it reported, and its latest provisioning message. */
export interface ModuleHeard {
  id: number;
  firmware: string | null;
  provisioning: { message: Record<string, unknown>; at: Date } | null;
}

/** Messages of a batch from an ES number nobody registered (DESIGN §6, unregistered_modules). */
export interface UnregisteredHeard {
  esNumber: string;
  messages: number;
  lastKind: string;
}

/** How stale modules.last_seen_at may be (seconds); see touchModules. */
export const lastSeenResolutionSeconds = 5;

const json = (rows: readonly unknown[]) => sql`${JSON.stringify(rows)}::json`;
/** In the modules update of applyChanges: the batch's provisioning message is the module's latest. */
const newerProvisioning = sql`(r.provisioning_at is not null
  and (m.last_provisioning_at is null or m.last_provisioning_at <= r.provisioning_at))`;
const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

export class IngestRepository {
  constructor(readonly db: Db) {}

  /**
   * Records the batch's message keys and locks its modules in id order until commit, in one round
   * trip. Returns the modules and the keys not seen before (the others are redeliveries). The locks
   * make batches of several nodes that touch one module take turns, so no event opens twice.
   */
  async lockAndClaim(
    tx: Db,
    esNumbers: readonly string[],
    claims: readonly { key: string; es: string }[],
    now: Date,
  ): Promise<{ modules: ModuleRow[]; fresh: Set<string> }> {
    // The keys claimed come back as rows of their own (first, so the keys are claimed before the
    // modules are locked, as always): a per-module subquery over the claimed keys cost the batch a
    // scan of them for every module, most of the statement's time.
    const rows = await sqlRows<
      { fresh: string } | (Omit<ModuleRow, 'lastSeenAt'> & { lastSeenAt: Date | string | null; fresh: null })
    >(
      tx,
      sql`
      with claimed as (
        insert into ingested_messages (message_id, es_number, received_at)
        select u.k, u.e, ${now.toISOString()}::timestamptz
        from unnest(${sql.param(claims.map((c) => c.key))}::text[], ${sql.param(claims.map((c) => c.es))}::text[]) as u(k, e)
        where exists (select 1 from modules m where m.es_number = u.e)
        on conflict (message_id) do nothing
        returning message_id
      ),
      locked as (
        select m.id, m.es_number, m.lift_id, m.last_seen_at, m.connected
        from modules m
        where m.es_number = any(${sql.param([...esNumbers])}::text[])
        order by m.id
        for update
      )
      select null::int as id, null::text as "esNumber", null::int as "liftId", null::int as "organisationId",
             null::boolean as "hasIntercom", null::timestamptz as "lastSeenAt", null::boolean as connected,
             c.message_id as fresh
      from claimed c
      union all
      select k.id, k.es_number, k.lift_id, l.organisation_id, coalesce(l.lift_type is not null, false),
             k.last_seen_at, k.connected, null
      from locked k left join lifts l on l.id = k.lift_id`,
    );
    const modules: ModuleRow[] = [];
    const fresh = new Set<string>();
    for (const r of rows) {
      if (r.fresh !== null) fresh.add(r.fresh);
      else {
        modules.push({
          id: r.id,
          esNumber: r.esNumber,
          liftId: r.liftId,
          organisationId: r.organisationId,
          hasIntercom: r.hasIntercom,
          lastSeenAt: toDate(r.lastSeenAt),
          connected: r.connected,
        });
      }
    }
    return { modules, fresh };
  }

  /** Open events and last applied state of the lifts, read (after their modules were locked) at once. */
  async liftStates(
    tx: Db,
    lifts: readonly { liftId: number; organisationId: number; hasIntercom: boolean }[],
  ): Promise<Map<number, LiftState>> {
    const states = new Map<number, LiftState>(
      lifts.map((l) => [l.liftId, { ...l, openEvents: [], stateAt: {}, lastFloor: null, serviceMode: null }]),
    );
    if (lifts.length === 0) return states;
    const liftIds = sql.param(lifts.map((l) => l.liftId));
    const rows = await sqlRows<{
      source: 'event' | 'state';
      liftId: number;
      id: number | null;
      type: string | null;
      at: Date | string;
      floor: number | null;
      data: unknown;
    }>(
      tx,
      sql`
      select 'event' as source, lift_id as "liftId", id::float8 as id, type, started_at as at, floor::int as floor,
             data
      from events
      where lift_id = any(${liftIds}::int[]) and ended_at is null
        and type = any(${sql.param([...managedOpenEventTypes])}::text[])
      union all
      select 'state', lift_id, null, key, at, null, value
      from sense_data
      where lift_id = any(${liftIds}::int[]) and key = any(${sql.param([...stateKeys])}::text[])
      order by 1, 5, 3`,
    );
    for (const r of rows) {
      const state = states.get(r.liftId);
      if (!state || r.type === null) continue;
      if (r.source === 'event') {
        state.openEvents.push({
          id: Number(r.id),
          type: r.type,
          startedAt: new Date(r.at),
          floor: r.floor,
          data: r.data as Record<string, unknown> | null,
        });
      } else {
        state.stateAt[r.type as StateKey] = new Date(r.at);
        if (r.type === 'floor' && typeof r.data === 'number') state.lastFloor = r.data;
        if (r.type === 'serviceMode') state.serviceMode = serviceModeSchema.safeParse(r.data).data ?? null;
      }
    }
    return states;
  }

  /**
   * Writes a batch's changes in one statement: new and ended events, calls, counters, state keys and
   * the modules heard from. Returns the ids of the events created.
   */
  async applyChanges(
    tx: Db,
    changes: {
      newEvents: readonly NewEvent[];
      closeEvents: readonly { id: number; endedAt: Date }[];
      calls: readonly CallUpsert[];
      counters: readonly CounterAdd[];
      state: readonly SenseValue[];
      touched: readonly ModuleHeard[];
      unregistered: readonly UnregisteredHeard[];
    },
    now: Date,
  ): Promise<number[]> {
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const nowTs = sql`${now.toISOString()}::timestamptz`;
    // Only the parts this batch has: a data-modifying CTE runs even when its input is empty, and
    // an empty insert into daily_counters still fires its statement triggers (the monthly totals and
    // rides since maintenance), which took most of an idle batch's time for nothing.
    const parts: SQL[] = [];
    if (changes.newEvents.length > 0) {
      parts.push(sql`
      new_events as (
        insert into events (lift_id, type, started_at, ended_at, closed, floor, data, source_message_id)
        select r.lift_id, r.type, r.started_at, r.ended_at, r.ended_at is not null, r.floor, r.data, r.source_message_id
        from json_to_recordset(${json(
          changes.newEvents.map((e) => ({
            lift_id: e.liftId,
            type: e.type,
            started_at: iso(e.startedAt),
            ended_at: iso(e.endedAt),
            floor: e.floor,
            data: e.data,
            source_message_id: e.sourceMessageId,
          })),
        )}) as r(lift_id int, type text, started_at timestamptz, ended_at timestamptz, floor smallint, data jsonb,
                 source_message_id text)
        on conflict (source_message_id) do nothing
        returning id
      )`);
    }
    if (changes.closeEvents.length > 0) {
      parts.push(sql`
      ended_events as (
        update events e set ended_at = r.ended_at, closed = true
        from json_to_recordset(${json(changes.closeEvents.map((c) => ({ id: c.id, ended_at: iso(c.endedAt) })))})
          as r(id bigint, ended_at timestamptz)
        where e.id = r.id and e.ended_at is null
      )`);
    }
    if (changes.calls.length > 0) {
      parts.push(sql`
      call_input as (
        select * from json_to_recordset(${json(
          changes.calls.map((c) => ({
            lift_id: c.liftId,
            source_id: c.sourceId,
            kind: c.kind,
            received_at: iso(c.receivedAt),
            acknowledged_at: iso(c.acknowledgedAt),
            ended_at: iso(c.endedAt),
            first_seen_at: iso(c.firstSeenAt),
            test_result: c.testResult,
            handled_by: c.handledBy,
            notes: c.notes,
          })),
        )}) as r(lift_id int, source_id text, kind text, received_at timestamptz, acknowledged_at timestamptz,
                 ended_at timestamptz, first_seen_at timestamptz, test_result text, handled_by text, notes text)
      ),
      -- A call's phases may arrive in any order and batches: each fills in what it knows, and the
      -- status follows from the timestamps present.
      updated_calls as (
        update calls c set
          started_at = coalesce(r.received_at, least(c.started_at, r.first_seen_at)),
          acknowledged_at = coalesce(c.acknowledged_at, r.acknowledged_at),
          ended_at = coalesce(c.ended_at, r.ended_at),
          -- A person who ended the call said what it was; the module's later word does not undo it.
          kind = case when c.kind_confirmed then c.kind else coalesce(r.kind, c.kind) end,
          version = c.version + 1,
          updated_at = ${nowTs},
          handled_by = coalesce(r.handled_by, c.handled_by),
          notes = coalesce(r.notes, c.notes),
          test_result = coalesce(r.test_result, c.test_result),
          status = case when coalesce(c.ended_at, r.ended_at) is not null then 'ended'
                        when coalesce(c.acknowledged_at, r.acknowledged_at) is not null then 'acknowledged'
                        else 'received' end
        from call_input r
        where c.source_message_id = r.source_id
        returning c.id, c.source_message_id
      ),
      new_calls as (
        insert into calls (lift_id, started_at, acknowledged_at, ended_at, kind, status, test_result, handled_by, notes,
                           source_message_id)
        select r.lift_id, coalesce(r.received_at, r.first_seen_at), r.acknowledged_at, r.ended_at,
               coalesce(r.kind, 'other'),
               case when r.ended_at is not null then 'ended' when r.acknowledged_at is not null then 'acknowledged'
                    else 'received' end,
               r.test_result, r.handled_by, r.notes, r.source_id
        from call_input r
        where r.source_id not in (select source_message_id from updated_calls)
        on conflict (source_message_id) do nothing
        returning id, source_message_id
      ),
      -- The module's phases join the call's lifecycle (source module), once each; the portal's
      -- steps sit beside them. Automatic test calls have no lifecycle to act on.
      module_call_steps as (
        insert into call_steps (call_id, at, action, source, data)
        select k.id, p.at, p.action, 'module',
               case when p.action = 'ended' and r.kind is not null then jsonb_build_object('kind', r.kind) end
        from call_input r
        join (select id, source_message_id from updated_calls
              union all select id, source_message_id from new_calls) k on k.source_message_id = r.source_id
        cross join lateral (values ('received', r.received_at), ('acknowledged', r.acknowledged_at),
                                   ('ended', r.ended_at)) as p(action, at)
        where p.at is not null and r.test_result is null
        on conflict (call_id, action) where source = 'module' do nothing
      )`);
    }
    if (changes.counters.length > 0) {
      parts.push(sql`
      counter_input as (
        select * from json_to_recordset(${json(
          changes.counters.map((c) => ({
            lift_id: c.liftId,
            kind: c.kind,
            bucket_start: c.bucketStart.toISOString(),
            value: c.value,
          })),
        )}) as r(lift_id int, kind text, bucket_start timestamptz, value bigint)
      ),
      -- 15-minute buckets, and the local-day rollup that long periods read.
      buckets as (
        insert into counters (lift_id, kind, bucket_start, value)
        select lift_id, kind, bucket_start, value from counter_input
        on conflict (lift_id, kind, bucket_start) do update set value = counters.value + excluded.value
      ),
      days as (
        insert into daily_counters (lift_id, kind, day, value)
        select lift_id, kind, (bucket_start at time zone ${businessTimeZone})::date, sum(value) from counter_input
        group by 1, 2, 3
        on conflict (lift_id, kind, day) do update set value = daily_counters.value + excluded.value
      )`);
    }
    if (changes.state.length > 0) {
      parts.push(sql`
      state as (
        insert into sense_data (lift_id, key, value, at)
        select r.lift_id, r.key, coalesce(r.value, 'null'::jsonb), r.at
        from json_to_recordset(${json(
          changes.state.map((v) => ({ lift_id: v.liftId, key: v.key, value: v.value, at: v.at.toISOString() })),
        )}) as r(lift_id int, key text, value jsonb, at timestamptz)
        on conflict (lift_id, key) do update set value = excluded.value, at = excluded.at
        where sense_data.at <= excluded.at
      )`);
    }
    if (changes.touched.length > 0) {
      parts.push(sql`
      -- Last seen only needs to be good to a few seconds against the 10-minute silence rule, so a
      -- module heard very recently is not rewritten by every batch. A provisioning message (and the
      -- firmware it reports) is kept when it is the module's latest by its own time: a late
      -- redelivery leaves a newer one alone.
      heard as (
        update modules m
        set last_seen_at = greatest(coalesce(m.last_seen_at, ${nowTs}), ${nowTs}),
            connected = true,
            firmware = case when ${newerProvisioning} then coalesce(r.firmware, m.firmware) else m.firmware end,
            last_provisioning = case when ${newerProvisioning} then r.provisioning else m.last_provisioning end,
            last_provisioning_at = case when ${newerProvisioning} then r.provisioning_at else m.last_provisioning_at end
        from json_to_recordset(${json(
          changes.touched.map((t) => ({
            id: t.id,
            firmware: t.firmware,
            provisioning: t.provisioning?.message ?? null,
            provisioning_at: iso(t.provisioning?.at ?? null),
          })),
        )}) as r(id int, firmware text, provisioning jsonb, provisioning_at timestamptz)
        where m.id = r.id
          and (m.last_seen_at is null
               or m.last_seen_at < ${nowTs} - ${`${String(lastSeenResolutionSeconds)} seconds`}::interval
               or not m.connected or ${newerProvisioning})
      )`);
    }
    if (changes.unregistered.length > 0) {
      parts.push(sql`
      -- Messages nobody registered a module for: counted per ES number, one row each per batch.
      unregistered as (
        insert into unregistered_modules (es_number, first_seen_at, last_seen_at, messages, last_kind)
        select r.es_number, ${nowTs}, ${nowTs}, r.messages, r.last_kind
        from json_to_recordset(${json(
          [...changes.unregistered]
            .sort((a, b) => (a.esNumber < b.esNumber ? -1 : 1))
            .map((u) => ({ es_number: u.esNumber, messages: u.messages, last_kind: u.lastKind })),
        )}) as r(es_number text, messages bigint, last_kind text)
        order by r.es_number
        on conflict (es_number) do update
          set last_seen_at = greatest(unregistered_modules.last_seen_at, excluded.last_seen_at),
              messages = unregistered_modules.messages + excluded.messages,
              last_kind = excluded.last_kind
      )`);
    }
    if (parts.length === 0) return [];
    const created =
      changes.newEvents.length > 0
        ? sql`select id::float8 as id from new_events`
        : sql`select null::float8 as id where false`;
    const rows = await sqlRows<{ id: number }>(tx, sql`with ${sql.join(parts, sql`,`)} ${created}`);
    return rows.map((r) => r.id);
  }

  /** Latest readings (see SenseDataWriter); an older reading never overwrites a newer one. */
  async upsertSenseData(db: Db, values: readonly SenseValue[]): Promise<void> {
    if (values.length === 0) return;
    const rows = values.map((v) => ({ lift_id: v.liftId, key: v.key, value: v.value, at: v.at.toISOString() }));
    await db.execute(sql`
      insert into sense_data (lift_id, key, value, at)
      select r.lift_id, r.key, coalesce(r.value, 'null'::jsonb), r.at
      from json_to_recordset(${json(rows)}) as r(lift_id int, key text, value jsonb, at timestamptz)
      on conflict (lift_id, key) do update set value = excluded.value, at = excluded.at
      where sense_data.at <= excluded.at`);
  }
}
