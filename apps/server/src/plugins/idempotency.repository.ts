// SQL for stored answers of idempotent writes (table idempotency_keys, migration 0013).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sqlRows } from '../db/sql-rows.ts';

export interface StoredAnswer {
  request: string;
  statusCode: number;
  response: unknown;
}

export class IdempotencyRepository {
  /**
   * Claims (user, key) inside the caller's transaction. A concurrent claim of the same key waits on
   * the primary key until this transaction ends, then finds the stored answer: a double tap runs once.
   * An expired claim is taken over.
   */
  async claim(tx: Db, userId: number, key: string, request: string, now: Date, expiresAt: Date): Promise<boolean> {
    const rows = await sqlRows<{ claimed: boolean }>(
      tx,
      sql`insert into idempotency_keys (user_id, key, request, status_code, response, created_at, expires_at)
          values (${userId}, ${key}, ${request}, 0, 'null'::jsonb, ${now.toISOString()}::timestamptz,
                  ${expiresAt.toISOString()}::timestamptz)
          on conflict (user_id, key) do update
            set request = excluded.request, status_code = 0, response = 'null'::jsonb,
                created_at = excluded.created_at, expires_at = excluded.expires_at
            where idempotency_keys.expires_at <= excluded.created_at
          returning true as claimed`,
    );
    return rows.length > 0;
  }

  async stored(tx: Db, userId: number, key: string): Promise<StoredAnswer | undefined> {
    const [row] = await sqlRows<StoredAnswer>(
      tx,
      sql`select request, status_code as "statusCode", response from idempotency_keys
          where user_id = ${userId} and key = ${key}`,
    );
    return row;
  }

  async store(tx: Db, userId: number, key: string, statusCode: number, response: unknown): Promise<void> {
    await tx.execute(
      sql`update idempotency_keys set status_code = ${statusCode}, response = ${JSON.stringify(response)}::jsonb
          where user_id = ${userId} and key = ${key}`,
    );
  }

  async purgeExpired(db: Db, now: Date): Promise<number> {
    const rows = await sqlRows<{ n: number }>(
      db,
      sql`with gone as (delete from idempotency_keys where expires_at <= ${now.toISOString()}::timestamptz returning 1)
          select count(*)::int as n from gone`,
    );
    return rows[0]?.n ?? 0;
  }
}
