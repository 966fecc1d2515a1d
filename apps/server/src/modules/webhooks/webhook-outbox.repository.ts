// SQL of the webhook outbox: claims the call steps and events that no outbox pass saw yet (their
// webhook_pending marker, a column default every writer sets without knowing of webhooks), and the
// watched events that ended since. Each claim clears the marker (or the watch row) in the caller's
// transaction, with SKIP LOCKED: two nodes never claim the same row, a row a writer still holds is
// left for the next pass, and a row whose transaction has not committed is not visible yet — there
// is no cursor to skip past it, so concurrently committing writers cannot be missed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { CallPart, EventPart, LiftPart } from './webhook-payloads.ts';

interface Located {
  organisationId: number;
  lift: LiftPart;
}

export interface ClaimedCallStep extends Located {
  stepId: number;
  action: string;
  source: string;
  at: Date;
  call: CallPart;
}

export interface ClaimedEvent extends Located {
  event: EventPart;
}

interface LiftColumns {
  organisationId: number;
  liftId: number;
  liftName: string;
  liftAddress: string;
}

const located = (r: LiftColumns): Located => ({
  organisationId: r.organisationId,
  lift: { id: r.liftId, name: r.liftName, address: r.liftAddress },
});

const liftColumns = sql`l.organisation_id as "organisationId", l.id as "liftId", l.name as "liftName",
  l.address as "liftAddress"`;

type EventRow = LiftColumns & {
  id: number;
  type: string;
  startedAt: Date | string;
  endedAt: Date | string | null;
  floor: number | null;
};

const toEvent = (r: EventRow): ClaimedEvent => ({
  ...located(r),
  event: { id: r.id, type: r.type, startedAt: r.startedAt, endedAt: r.endedAt, floor: r.floor },
});

export class WebhookOutboxRepository {
  /** Up to `limit` call steps not seen yet, oldest first, with their call and lift. */
  async claimCallSteps(tx: Db, limit: number): Promise<ClaimedCallStep[]> {
    const rows = await sqlRows<
      LiftColumns & {
        stepId: number;
        action: string;
        source: string;
        at: Date | string;
        callId: number;
        status: string;
        kind: string;
        startedAt: Date | string;
        acknowledgedAt: Date | string | null;
        endedAt: Date | string | null;
      }
    >(
      tx,
      sql`
      with claimed as (
        update call_steps s set webhook_pending = false
        from (select id from call_steps where webhook_pending order by id limit ${limit}
              for no key update skip locked) p
        where s.id = p.id
        returning s.id, s.call_id, s.at, s.action, s.source
      )
      select c.id::float8 as "stepId", c.action, c.source, c.at, k.id::float8 as "callId", k.status, k.kind,
             k.started_at as "startedAt", k.acknowledged_at as "acknowledgedAt", k.ended_at as "endedAt", ${liftColumns}
      from claimed c
      join calls k on k.id = c.call_id
      join lifts l on l.id = k.lift_id
      order by c.id`,
    );
    return rows.map((r) => ({
      ...located(r),
      stepId: r.stepId,
      action: r.action,
      source: r.source,
      at: new Date(r.at),
      call: {
        id: r.callId,
        status: r.status,
        kind: r.kind,
        receivedAt: r.startedAt,
        acknowledgedAt: r.acknowledgedAt,
        endedAt: r.endedAt,
      },
    }));
  }

  /** Up to `limit` events not seen yet, oldest first, with their lift. */
  async claimEvents(tx: Db, limit: number): Promise<ClaimedEvent[]> {
    const rows = await sqlRows<EventRow>(
      tx,
      sql`
      with claimed as (
        update events e set webhook_pending = false
        from (select id from events where webhook_pending order by id limit ${limit}
              for no key update skip locked) p
        where e.id = p.id
        returning e.id, e.lift_id, e.type, e.started_at, e.ended_at, e.floor
      )
      select c.id::float8 as id, c.type, c.started_at as "startedAt", c.ended_at as "endedAt", c.floor::int as floor,
             ${liftColumns}
      from claimed c
      join lifts l on l.id = c.lift_id
      order by c.id`,
    );
    return rows.map(toEvent);
  }

  /** Watched events that have ended since: each is taken off the watch list once, by one node. */
  async claimEnded(tx: Db, limit: number): Promise<ClaimedEvent[]> {
    const rows = await sqlRows<EventRow>(
      tx,
      sql`
      with ended as (
        select w.event_id from webhook_event_watch w
        join events e on e.id = w.event_id
        where e.ended_at is not null
        order by w.event_id
        limit ${limit}
        for update of w skip locked
      ),
      gone as (
        delete from webhook_event_watch w using ended where w.event_id = ended.event_id returning w.event_id
      )
      select e.id::float8 as id, e.type, e.started_at as "startedAt", e.ended_at as "endedAt", e.floor::int as floor,
             ${liftColumns}
      from gone g
      join events e on e.id = g.event_id
      join lifts l on l.id = e.lift_id
      order by e.id`,
    );
    return rows.map(toEvent);
  }

  /** Puts open events on the watch list, so their end is announced. */
  async watch(tx: Db, events: readonly { eventId: number; organisationId: number }[]): Promise<void> {
    if (events.length === 0) return;
    await tx.execute(sql`
      insert into webhook_event_watch (event_id, organisation_id)
      select r.event_id, r.organisation_id
      from json_to_recordset(${JSON.stringify(
        events.map((e) => ({ event_id: e.eventId, organisation_id: e.organisationId })),
      )}::json) as r(event_id bigint, organisation_id int)
      on conflict (event_id) do nothing`);
  }

  /** The lift and call of these calls, for deliveries queued by other modules (escalations). */
  async calls(db: Db, callIds: readonly number[]): Promise<(Located & { call: CallPart })[]> {
    if (callIds.length === 0) return [];
    const rows = await sqlRows<
      LiftColumns & {
        callId: number;
        status: string;
        kind: string;
        startedAt: Date | string;
        acknowledgedAt: Date | string | null;
        endedAt: Date | string | null;
      }
    >(
      db,
      sql`select k.id::float8 as "callId", k.status, k.kind, k.started_at as "startedAt",
                 k.acknowledged_at as "acknowledgedAt", k.ended_at as "endedAt", ${liftColumns}
          from calls k join lifts l on l.id = k.lift_id
          where k.id = any(${sql.param([...callIds])}::bigint[])`,
    );
    return rows.map((r) => ({
      ...located(r),
      call: {
        id: r.callId,
        status: r.status,
        kind: r.kind,
        receivedAt: r.startedAt,
        acknowledgedAt: r.acknowledgedAt,
        endedAt: r.endedAt,
      },
    }));
  }
}
