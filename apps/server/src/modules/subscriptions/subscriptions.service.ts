// A user's notification subscriptions: only event types from the list, escalations, and lifts in
// organisations the user may access; PUT replaces the set. Who is mailed is decided again when an
// event happens or a call escalates, so a subscription left behind by a revoked grant mails nothing.
import { eventTypes, type EventType } from '@liftwacht/contracts/event-types';
import type {
  EscalationSubscription,
  Subscription,
  Subscriptions,
  SubscriptionsUpdate,
} from '@liftwacht/contracts/subscriptions';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { EscalationSubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.ts';

export class SubscriptionsService {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly access: OrganisationAccess,
  ) {}

  async get(principal: Principal): Promise<Subscriptions> {
    const [email, rows, escalationRows, organisationIds] = await Promise.all([
      this.repository.emailOf(principal.userId),
      this.repository.forUser(principal.userId),
      this.repository.escalationForUser(principal.userId),
      this.access.organisationIds(principal),
    ]);
    if (email === undefined) throw notFound('User');
    const byType = new Map<EventType, Subscription>();
    for (const row of rows) {
      if (!(eventTypes as readonly string[]).includes(row.eventType)) continue;
      const type = row.eventType as EventType;
      if (row.liftId === null) {
        byType.set(type, { eventType: type, liftIds: null, lifts: [] });
        continue;
      }
      // A lift of an organisation no longer granted is not shown (and is not mailed about).
      if (!row.lift || !organisationIds.includes(row.lift.organisationId)) continue;
      const current = byType.get(type) ?? { eventType: type, liftIds: [], lifts: [] };
      if (current.liftIds === null) continue;
      current.liftIds.push(row.lift.id);
      current.lifts.push({ id: row.lift.id, name: row.lift.name, address: row.lift.address });
      byType.set(type, current);
    }
    const items = eventTypes.flatMap((type) => {
      const item = byType.get(type);
      return item ? [item] : [];
    });
    return { email, channel: 'email', items, escalation: escalationOf(escalationRows, organisationIds) };
  }

  async replace(principal: Principal, update: SubscriptionsUpdate): Promise<Subscriptions> {
    const wanted = [...update.items, ...(update.escalation ? [update.escalation] : [])].flatMap(
      (item) => item.liftIds ?? [],
    );
    const [liftOrganisations, organisationIds] = await Promise.all([
      this.repository.liftOrganisations(wanted),
      this.access.organisationIds(principal),
    ]);
    /** The lifts of one subscription, each checked: null for every lift. */
    const scoped = (liftIds: readonly number[] | null, field: string): (number | null)[] => {
      if (liftIds === null) return [null];
      return [...new Set(liftIds)].map((liftId) => {
        const organisationId = liftOrganisations.get(liftId);
        // Unknown and foreign lifts answer alike, so ids leak nothing (DESIGN §5).
        if (organisationId === undefined || !organisationIds.includes(organisationId)) {
          throw new AppError(404, 'not_found', `Lift ${String(liftId)} not found`, field);
        }
        return liftId;
      });
    };
    const rows = update.items.flatMap((item, index) =>
      scoped(item.liftIds, `items.${String(index)}.liftIds`).map((liftId) => ({ eventType: item.eventType, liftId })),
    );
    const escalation =
      update.escalation === undefined
        ? undefined
        : update.escalation === null
          ? []
          : scoped(update.escalation.liftIds, 'escalation.liftIds');
    await this.repository.replace(principal.userId, rows, escalation);
    return this.get(principal);
  }
}

/** The escalation subscription as shown: lifts of organisations no longer granted are left out. */
function escalationOf(
  rows: readonly EscalationSubscriptionRow[],
  organisationIds: readonly number[],
): EscalationSubscription | null {
  if (rows.some((row) => row.liftId === null)) return { liftIds: null, lifts: [] };
  const lifts = rows.flatMap((row) =>
    row.lift && organisationIds.includes(row.lift.organisationId) ? [row.lift] : [],
  );
  if (lifts.length === 0) return null;
  return {
    liftIds: lifts.map((lift) => lift.id),
    lifts: lifts.map((lift) => ({ id: lift.id, name: lift.name, address: lift.address })),
  };
}
