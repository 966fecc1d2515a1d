// SQL for scheduled-report subscriptions: one row per user, organisation and cadence.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organisations, reportSubscriptions } from '../../db/schema.ts';

export interface ReportSubscriptionRow {
  organisationId: number;
  organisationName: string;
  cadence: string;
  createdAt: Date;
}

export class ReportSubscriptionsRepository {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<ReportSubscriptionRow[]> {
    return this.db
      .select({
        organisationId: reportSubscriptions.organisationId,
        organisationName: organisations.name,
        cadence: reportSubscriptions.cadence,
        createdAt: reportSubscriptions.createdAt,
      })
      .from(reportSubscriptions)
      .innerJoin(organisations, eq(organisations.id, reportSubscriptions.organisationId))
      .where(eq(reportSubscriptions.userId, userId))
      .orderBy(asc(organisations.name), asc(reportSubscriptions.cadence));
  }

  /** Adds the subscription; an existing one keeps its first date. */
  async add(userId: number, organisationId: number, cadence: string, now: Date): Promise<void> {
    await this.db
      .insert(reportSubscriptions)
      .values({ userId, organisationId, cadence, createdAt: now })
      .onConflictDoNothing();
  }

  async remove(userId: number, organisationId: number, cadence: string): Promise<void> {
    await this.db
      .delete(reportSubscriptions)
      .where(
        and(
          eq(reportSubscriptions.userId, userId),
          eq(reportSubscriptions.organisationId, organisationId),
          eq(reportSubscriptions.cadence, cadence),
        ),
      );
  }
}
