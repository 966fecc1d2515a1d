// SQL for an organisation's escalation limits (columns of organisations, moved with its version).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organisations } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface EscalationLimitsRow {
  organisationId: number;
  organisationName: string;
  firstMinutes: number;
  secondMinutes: number;
  version: number;
}

export class EscalationSettingsRepository {
  constructor(readonly db: Db) {}

  async find(organisationId: number, db: Db = this.db): Promise<EscalationLimitsRow | undefined> {
    const [row] = await db
      .select({
        organisationId: organisations.id,
        organisationName: organisations.name,
        firstMinutes: organisations.escalationFirstMinutes,
        secondMinutes: organisations.escalationSecondMinutes,
        version: organisations.version,
      })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    return row;
  }

  /** The organisation's version, its row locked until the transaction ends; undefined when it does not exist. */
  async lock(db: Db, organisationId: number): Promise<number | undefined> {
    const [row] = await sqlRows<{ version: number }>(
      db,
      sql`select version from organisations where id = ${organisationId} for update`,
    );
    return row?.version;
  }

  async update(
    db: Db,
    organisationId: number,
    limits: { firstMinutes: number; secondMinutes: number },
    now: Date,
  ): Promise<void> {
    await db
      .update(organisations)
      .set({
        escalationFirstMinutes: limits.firstMinutes,
        escalationSecondMinutes: limits.secondMinutes,
        version: sql`${organisations.version} + 1`,
        updatedAt: now,
      })
      .where(eq(organisations.id, organisationId));
  }
}
