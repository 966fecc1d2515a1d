import { describe, expect, it } from 'vitest';
import type { Subscriptions } from '@liftwacht/contracts/subscriptions';
import { formFromSubscriptions, isSameForm, rowsMissingLifts, updateFromForm } from './subscription-form.ts';

const stored: Subscriptions = {
  email: 'demo@liftwacht.example',
  channel: 'email',
  items: [
    { eventType: 'unavailable', liftIds: null, lifts: [] },
    {
      eventType: 'battery',
      liftIds: [4, 2],
      lifts: [
        { id: 4, name: 'B', address: '' },
        { id: 2, name: 'A', address: '' },
      ],
    },
  ],
};

describe('subscription form', () => {
  it('round-trips what the server stored', () => {
    const form = formFromSubscriptions(stored);
    expect(form.unavailable).toEqual({ enabled: true, allLifts: true, lifts: [] });
    expect(form.alarm_call.enabled).toBe(false);
    expect(updateFromForm(form)).toEqual({
      items: [
        { eventType: 'unavailable', liftIds: null },
        { eventType: 'battery', liftIds: [2, 4] },
      ],
    });
  });

  it('sees a change only when what would be saved differs', () => {
    const form = formFromSubscriptions(stored);
    expect(isSameForm(form, { ...form, alarm_call: { ...form.alarm_call, allLifts: false } })).toBe(true);
    expect(isSameForm(form, { ...form, alarm_call: { ...form.alarm_call, enabled: true } })).toBe(false);
  });

  it('lists rows for chosen lifts without a lift', () => {
    const form = formFromSubscriptions(stored);
    expect(rowsMissingLifts({ ...form, battery: { enabled: true, allLifts: false, lifts: [] } })).toEqual(['battery']);
  });
});
