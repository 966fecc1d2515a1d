// The form behind /subscriptions: one row per event type, switched on or off, for all lifts or for
// chosen lifts. Pure functions, so saving and the unsaved-changes check are tested on their own.
import { eventTypes, type EventType } from '@liftwacht/contracts/event-types';
import type { Subscriptions, SubscriptionsUpdate } from '@liftwacht/contracts/subscriptions';
import type { LiftChoice } from '../../../components/lift-picker.tsx';

export interface SubscriptionRow {
  enabled: boolean;
  allLifts: boolean;
  lifts: LiftChoice[];
}

export type SubscriptionForm = Record<EventType, SubscriptionRow>;

const offRow: SubscriptionRow = { enabled: false, allLifts: true, lifts: [] };

export function formFromSubscriptions(subscriptions: Subscriptions): SubscriptionForm {
  const form = Object.fromEntries(eventTypes.map((type) => [type, offRow])) as SubscriptionForm;
  for (const item of subscriptions.items) {
    form[item.eventType] = {
      enabled: true,
      allLifts: item.liftIds === null,
      lifts: item.lifts.map((lift) => ({ id: lift.id, name: lift.name })),
    };
  }
  return form;
}

/** Rows that are on but name no lift: the server refuses them, so saving waits for a choice. */
export function rowsMissingLifts(form: SubscriptionForm): EventType[] {
  return eventTypes.filter((type) => form[type].enabled && !form[type].allLifts && form[type].lifts.length === 0);
}

export function updateFromForm(form: SubscriptionForm): SubscriptionsUpdate {
  return {
    items: eventTypes
      .filter((type) => form[type].enabled)
      .map((type) => ({
        eventType: type,
        liftIds: form[type].allLifts
          ? null
          : [...new Set(form[type].lifts.map((lift) => lift.id))].sort((a, b) => a - b),
      })),
  };
}

/** Compared as what would be saved, so toggling a row off and on again is not a change. */
export function isSameForm(a: SubscriptionForm, b: SubscriptionForm): boolean {
  return JSON.stringify(updateFromForm(a)) === JSON.stringify(updateFromForm(b));
}
