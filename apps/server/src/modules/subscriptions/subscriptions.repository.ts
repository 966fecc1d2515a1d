// SQL for a user's notification subscriptions: event types, and escalations of entrapments.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { escalationSubscriptions, lifts, subscriptions, users } from '../../db/schema.ts';

export interface SubscriptionRow {
  eventType: string;
  /** null: every lift the user may access. */
  liftId: number | null;
  lift: { id: number; name: string; address: string; organisationId: number } | null;
}

export interface EscalationSubscriptionRow {
  /** null: every lift the user may access. */
  liftId: number | null;
  lift: SubscriptionRow['lift'];
}

type LiftColumns = {
  liftId: number | null;
  name: string | null;
  address: string | null;
  organisationId: number | null;
};

const liftOf = (r: LiftColumns): SubscriptionRow['lift'] =>
  r.liftId !== null && r.name !== null && r.address !== null && r.organisationId !== null
    ? { id: r.liftId, name: r.name, address: r.address, organisationId: r.organisationId }
    : null;

export class SubscriptionsRepository {
  constructor(readonly db: Db) {}

  async forUser(userId: number): Promise<SubscriptionRow[]> {
    const rows = await this.db
      .select({
        eventType: subscriptions.eventType,
        liftId: subscriptions.liftId,
        name: lifts.name,
        address: lifts.address,
        organisationId: lifts.organisationId,
      })
      .from(subscriptions)
      .leftJoin(lifts, eq(lifts.id, subscriptions.liftId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.eventType), asc(lifts.name), asc(subscriptions.liftId));
    return rows.map((r) => ({ eventType: r.eventType, liftId: r.liftId, lift: liftOf(r) }));
  }

  async escalationForUser(userId: number): Promise<EscalationSubscriptionRow[]> {
    const rows = await this.db
      .select({
        liftId: escalationSubscriptions.liftId,
        name: lifts.name,
        address: lifts.address,
        organisationId: lifts.organisationId,
      })
      .from(escalationSubscriptions)
      .leftJoin(lifts, eq(lifts.id, escalationSubscriptions.liftId))
      .where(eq(escalationSubscriptions.userId, userId))
      .orderBy(asc(lifts.name), asc(escalationSubscriptions.liftId));
    return rows.map((r) => ({ liftId: r.liftId, lift: liftOf(r) }));
  }

  async emailOf(userId: number): Promise<string | undefined> {
    const [row] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email;
  }

  /** Organisation of each existing lift among `liftIds`. */
  async liftOrganisations(liftIds: readonly number[]): Promise<Map<number, number>> {
    if (liftIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: lifts.id, organisationId: lifts.organisationId })
      .from(lifts)
      .where(inArray(lifts.id, [...liftIds]));
    return new Map(rows.map((r) => [r.id, r.organisationId]));
  }

  /**
   * Replaces the user's whole set in one transaction, so a reader never sees half of it. The
   * escalation rows are replaced too unless `escalationLiftIds` is undefined (left as they are);
   * each entry is a lift, or null for every lift.
   */
  async replace(
    userId: number,
    rows: readonly { eventType: string; liftId: number | null }[],
    escalationLiftIds: readonly (number | null)[] | undefined,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
      if (rows.length > 0) {
        await tx
          .insert(subscriptions)
          .values(rows.map((r) => ({ userId, eventType: r.eventType, liftId: r.liftId, channel: 'email' })));
      }
      if (escalationLiftIds === undefined) return;
      await tx.delete(escalationSubscriptions).where(eq(escalationSubscriptions.userId, userId));
      if (escalationLiftIds.length > 0) {
        await tx.insert(escalationSubscriptions).values(escalationLiftIds.map((liftId) => ({ userId, liftId })));
      }
    });
  }
}
