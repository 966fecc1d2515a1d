// The form behind /subscriptions: one row per event type and one for escalations of entrapments,
// each switched on or off, for all lifts or for chosen lifts. Pure functions, so saving and the
// unsaved-changes check are tested on their own.
import { eventTypes, type EventType } from '@liftwacht/contracts/event-types';
import type { Subscriptions, SubscriptionsUpdate } from '@liftwacht/contracts/subscriptions';
import type { LiftChoice } from '../../../components/lift-picker.tsx';

export interface SubscriptionRow {
  enabled: boolean;
  allLifts: boolean;
  lifts: LiftChoice[];
}

export interface SubscriptionForm {
  events: Record<EventType, SubscriptionRow>;
  /** Mails about entrapments nobody acknowledged within the organisation's limits. */
  escalation: SubscriptionRow;
}

/** A row of the form: an event type, or the escalation row. */
export type SubscriptionRowKey = EventType | 'escalation';

const offRow: SubscriptionRow = { enabled: false, allLifts: true, lifts: [] };

function rowOf(stored: { liftIds: number[] | null; lifts: { id: number; name: string }[] }): SubscriptionRow {
  return {
    enabled: true,
    allLifts: stored.liftIds === null,
    lifts: stored.lifts.map((lift) => ({ id: lift.id, name: lift.name })),
  };
}

export function formFromSubscriptions(subscriptions: Subscriptions): SubscriptionForm {
  const events = Object.fromEntries(eventTypes.map((type) => [type, offRow])) as Record<EventType, SubscriptionRow>;
  for (const item of subscriptions.items) events[item.eventType] = rowOf(item);
  return { events, escalation: subscriptions.escalation ? rowOf(subscriptions.escalation) : offRow };
}

const missesLifts = (row: SubscriptionRow) => row.enabled && !row.allLifts && row.lifts.length === 0;

/** Rows that are on but name no lift: the server refuses them, so saving waits for a choice. */
export function rowsMissingLifts(form: SubscriptionForm): SubscriptionRowKey[] {
  return [
    ...(missesLifts(form.escalation) ? ['escalation' as const] : []),
    ...eventTypes.filter((type) => missesLifts(form.events[type])),
  ];
}

const liftIdsOf = (row: SubscriptionRow): number[] | null =>
  row.allLifts ? null : [...new Set(row.lifts.map((lift) => lift.id))].sort((a, b) => a - b);

export function updateFromForm(form: SubscriptionForm): SubscriptionsUpdate {
  return {
    items: eventTypes
      .filter((type) => form.events[type].enabled)
      .map((type) => ({ eventType: type, liftIds: liftIdsOf(form.events[type]) })),
    escalation: form.escalation.enabled ? { liftIds: liftIdsOf(form.escalation) } : null,
  };
}

/** Compared as what would be saved, so toggling a row off and on again is not a change. */
export function isSameForm(a: SubscriptionForm, b: SubscriptionForm): boolean {
  return JSON.stringify(updateFromForm(a)) === JSON.stringify(updateFromForm(b));
}
