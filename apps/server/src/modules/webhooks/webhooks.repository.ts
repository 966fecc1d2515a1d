// SQL for webhook endpoints and their delivery log. A scope is the organisations whose endpoints
// the caller manages: its own one, or null for every one (system-admin).
import { sql, type SQL } from 'drizzle-orm';
import type {
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookEndpoint,
  WebhookKind,
  WebhookListQuery,
} from '@liftwacht/contracts/webhooks';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { isoSql } from '../../db/sql-text.ts';

export type Scope = readonly number[] | null;

const inScope = (scope: Scope, column: SQL): SQL =>
  scope === null ? sql`true` : sql`${column} = any(${sql.param([...scope])}::int[])`;

const selectEndpoint = sql`
  select w.id, w.organisation_id as "organisationId", o.name as "organisationName", w.url, w.description,
    w.kinds, w.enabled, ${isoSql(sql`w.secret_created_at`)} as "secretCreatedAt",
    ${isoSql(sql`w.created_at`)} as "createdAt", ${isoSql(sql`w.updated_at`)} as "updatedAt",
    ${isoSql(sql`last.created_at`)} as "lastDeliveryAt", last.status as "lastDeliveryStatus", w.version
  from webhook_endpoints w
  join organisations o on o.id = w.organisation_id
  left join lateral (
    select d.created_at, d.status from webhook_deliveries d where d.endpoint_id = w.id order by d.id desc limit 1
  ) last on true`;

const selectDelivery = sql`
  select d.id::float8 as id, d.delivery_id::text as "deliveryId", d.endpoint_id as "endpointId", d.kind, d.status,
    d.attempts, ${isoSql(sql`d.created_at`)} as "createdAt", ${isoSql(sql`d.next_attempt_at`)} as "nextAttemptAt",
    ${isoSql(sql`d.last_attempt_at`)} as "lastAttemptAt", d.response_status as "responseStatus",
    d.response_ms as "responseTimeMs", d.last_error as "lastError", ${isoSql(sql`d.delivered_at`)} as "deliveredAt",
    d.body
  from webhook_deliveries d`;

/** What a change needs to know of an endpoint, read under its row lock. */
export interface LockedEndpoint {
  id: number;
  organisationId: number;
  url: string;
  version: number;
}

export interface NewEndpoint {
  organisationId: number;
  url: string;
  description: string;
  kinds: readonly WebhookKind[];
  enabled: boolean;
  secretSealed: string;
}

export interface EndpointChange {
  url?: string;
  description?: string;
  kinds?: readonly WebhookKind[];
  enabled?: boolean;
}

/** A delivery to queue: one body for one endpoint, once per (endpoint, subject). */
export interface NewDelivery {
  deliveryId: string;
  endpointId: number;
  kind: string;
  subjectKey: string;
  body: string;
}

/** A delivery claimed for an attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  deliveryId: string;
  kind: string;
  body: string;
  status: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secretSealed: string;
}

export interface AttemptOutcome {
  at: Date;
  status: number | null;
  ms: number;
  error: string | null;
  /** delivered, or pending with the next attempt, or failed (given up). */
  next: { status: 'delivered' } | { status: 'pending'; at: Date } | { status: 'failed' };
}

export class WebhooksRepository {
  constructor(readonly db: Db) {}

  async list(scope: Scope, query: WebhookListQuery): Promise<{ items: WebhookEndpoint[]; total: number }> {
    const where = sql.join(
      [
        inScope(scope, sql`w.organisation_id`),
        query.organisationId === undefined ? sql`true` : sql`w.organisation_id = ${query.organisationId}`,
      ],
      sql` and `,
    );
    const items = await sqlRows<WebhookEndpoint>(
      this.db,
      sql`${selectEndpoint} where ${where} order by o.name, w.url, w.id limit ${query.limit} offset ${query.offset}`,
    );
    const [count] = await sqlRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from webhook_endpoints w where ${where}`,
    );
    return { items, total: count?.n ?? 0 };
  }

  async find(id: number, db: Db = this.db): Promise<WebhookEndpoint | undefined> {
    const [row] = await sqlRows<WebhookEndpoint>(db, sql`${selectEndpoint} where w.id = ${id}`);
    return row;
  }

  /** The endpoint's row, locked for a change; undefined when there is none. */
  async lock(tx: Db, id: number): Promise<LockedEndpoint | undefined> {
    const [row] = await sqlRows<LockedEndpoint>(
      tx,
      sql`select id, organisation_id as "organisationId", url, version from webhook_endpoints where id = ${id} for update`,
    );
    return row;
  }

  async insert(tx: Db, values: NewEndpoint, now: Date): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const [row] = await sqlRows<{ id: number }>(
      tx,
      sql`insert into webhook_endpoints
            (organisation_id, url, description, kinds, enabled, secret_sealed, secret_created_at, created_at, updated_at)
          values (${values.organisationId}, ${values.url}, ${values.description}, ${sql.param([...values.kinds])}::text[],
                  ${values.enabled}, ${values.secretSealed}, ${at}, ${at}, ${at})
          returning id`,
    );
    if (!row) throw new Error('webhook endpoint not inserted');
    return row.id;
  }

  async update(tx: Db, id: number, change: EndpointChange, now: Date): Promise<void> {
    const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = ${now.toISOString()}::timestamptz`];
    if (change.url !== undefined) sets.push(sql`url = ${change.url}`);
    if (change.description !== undefined) sets.push(sql`description = ${change.description}`);
    if (change.kinds !== undefined) sets.push(sql`kinds = ${sql.param([...change.kinds])}::text[]`);
    if (change.enabled !== undefined) sets.push(sql`enabled = ${change.enabled}`);
    await tx.execute(sql`update webhook_endpoints set ${sql.join(sets, sql`, `)} where id = ${id}`);
  }

  async setSecret(tx: Db, id: number, secretSealed: string, now: Date): Promise<void> {
    const at = sql`${now.toISOString()}::timestamptz`;
    await tx.execute(
      sql`update webhook_endpoints set secret_sealed = ${secretSealed}, secret_created_at = ${at}, updated_at = ${at},
            version = version + 1
          where id = ${id}`,
    );
  }

  async delete(tx: Db, id: number): Promise<void> {
    await tx.execute(sql`delete from webhook_endpoints where id = ${id}`);
  }

  // ── deliveries ─────────────────────────────────────────────────────────────────────────────────

  /** The enabled endpoints of these organisations that want any of these kinds. */
  async subscribers(
    db: Db,
    organisationIds: readonly number[],
    kinds: readonly string[],
  ): Promise<{ id: number; organisationId: number; kinds: string[] }[]> {
    if (organisationIds.length === 0 || kinds.length === 0) return [];
    return sqlRows(
      db,
      sql`select id, organisation_id as "organisationId", kinds from webhook_endpoints
          where enabled and organisation_id = any(${sql.param([...new Set(organisationIds)])}::int[])
            and kinds && ${sql.param([...new Set(kinds)])}::text[]`,
    );
  }

  /** Whether any enabled endpoint exists at all: when none does, the outbox has nothing to build. */
  async anyEnabled(db: Db): Promise<boolean> {
    const rows = await sqlRows<{ one: number }>(db, sql`select 1 as one from webhook_endpoints where enabled limit 1`);
    return rows.length > 0;
  }

  /** Queues the deliveries, due now; a subject already queued for the endpoint is skipped. Returns how many are new. */
  async enqueue(db: Db, rows: readonly NewDelivery[], now: Date): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await sqlRows<{ id: number }>(
      db,
      sql`insert into webhook_deliveries (delivery_id, endpoint_id, kind, subject_key, body, status, created_at,
                                          next_attempt_at)
          select r.delivery_id, r.endpoint_id, r.kind, r.subject_key, r.body, 'pending', ${now.toISOString()}::timestamptz,
                 ${now.toISOString()}::timestamptz
          from json_to_recordset(${JSON.stringify(
            rows.map((r) => ({
              delivery_id: r.deliveryId,
              endpoint_id: r.endpointId,
              kind: r.kind,
              subject_key: r.subjectKey,
              body: r.body,
            })),
          )}::json) as r(delivery_id uuid, endpoint_id int, kind text, subject_key text, body text)
          on conflict (endpoint_id, subject_key) do nothing
          returning id::float8 as id`,
    );
    return inserted.length;
  }

  async idOf(db: Db, deliveryId: string): Promise<number | undefined> {
    const [row] = await sqlRows<{ id: number }>(
      db,
      sql`select id::float8 as id from webhook_deliveries where delivery_id = ${deliveryId}::uuid`,
    );
    return row?.id;
  }

  async deliveries(
    endpointId: number,
    query: WebhookDeliveryListQuery,
  ): Promise<{ items: WebhookDelivery[]; total: number }> {
    const where = sql`d.endpoint_id = ${endpointId}${query.status === undefined ? sql`` : sql` and d.status = ${query.status}`}`;
    const items = await sqlRows<WebhookDelivery>(
      this.db,
      sql`${selectDelivery} where ${where} order by d.id desc limit ${query.limit} offset ${query.offset}`,
    );
    const [count] = await sqlRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from webhook_deliveries d where ${where}`,
    );
    return { items, total: count?.n ?? 0 };
  }

  async delivery(endpointId: number, id: number, db: Db = this.db): Promise<WebhookDelivery | undefined> {
    const [row] = await sqlRows<WebhookDelivery>(
      db,
      sql`${selectDelivery} where d.endpoint_id = ${endpointId} and d.id = ${id}`,
    );
    return row;
  }

  /**
   * Claims up to `limit` due deliveries of enabled endpoints: counts the attempt and leases them
   * until `leaseUntil`, in one statement with SKIP LOCKED, so another node skips them and a node
   * that dies while sending lets them go when the lease runs out.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const nowTs = sql`${now.toISOString()}::timestamptz`;
    return this.claim(
      this.db,
      sql`select d.id from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
          where d.status = 'pending' and d.next_attempt_at <= ${nowTs} and w.enabled
            and (d.lease_until is null or d.lease_until <= ${nowTs})
          order by d.next_attempt_at, d.id
          limit ${limit}
          for update of d skip locked`,
      leaseUntil,
    );
  }

  /**
   * Claims one delivery of the endpoint for an attempt a person asked for (re-send, test), whatever
   * its status; undefined when it does not exist, null while another attempt holds it.
   */
  async claimOne(
    tx: Db,
    endpointId: number,
    id: number,
    now: Date,
    leaseUntil: Date,
  ): Promise<ClaimedDelivery | null | undefined> {
    const [row] = await sqlRows<{ leased: boolean }>(
      tx,
      sql`select coalesce(lease_until > ${now.toISOString()}::timestamptz, false) as leased from webhook_deliveries
          where id = ${id} and endpoint_id = ${endpointId} for update`,
    );
    if (!row) return undefined;
    if (row.leased) return null;
    const [claimed] = await this.claim(tx, sql`select ${id}::bigint as id`, leaseUntil);
    return claimed ?? undefined;
  }

  private async claim(db: Db, ids: SQL, leaseUntil: Date): Promise<ClaimedDelivery[]> {
    const rows = await sqlRows<Omit<ClaimedDelivery, 'createdAt'> & { createdAt: Date | string }>(
      db,
      sql`update webhook_deliveries d
          set attempts = d.attempts + 1, lease_until = ${leaseUntil.toISOString()}::timestamptz
          from (${ids}) due, webhook_endpoints w
          where d.id = due.id and w.id = d.endpoint_id
          returning d.id::float8 as id, d.delivery_id::text as "deliveryId", d.kind, d.body, d.status,
                    d.attempts, d.created_at as "createdAt", w.url, w.secret_sealed as "secretSealed"`,
    );
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })).sort((a, b) => a.id - b.id);
  }

  /** Records an attempt's outcome and lets the delivery go. */
  async recordAttempt(id: number, outcome: AttemptOutcome, db: Db = this.db): Promise<void> {
    const at = sql`${outcome.at.toISOString()}::timestamptz`;
    const next = outcome.next;
    await db.execute(
      sql`update webhook_deliveries set
            status = ${next.status},
            next_attempt_at = ${next.status === 'pending' ? sql`${next.at.toISOString()}::timestamptz` : sql`null`},
            delivered_at = ${next.status === 'delivered' ? at : sql`delivered_at`},
            lease_until = null, last_attempt_at = ${at}, response_status = ${outcome.status},
            response_ms = ${outcome.ms}, last_error = ${outcome.error}
          where id = ${id}`,
    );
  }
}
