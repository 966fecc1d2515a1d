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
  escalation: null,
};

describe('subscription form', () => {
  it('round-trips what the server stored', () => {
    const form = formFromSubscriptions(stored);
    expect(form.events.unavailable).toEqual({ enabled: true, allLifts: true, lifts: [] });
    expect(form.events.alarm_call.enabled).toBe(false);
    expect(form.escalation.enabled).toBe(false);
    expect(updateFromForm(form)).toEqual({
      items: [
        { eventType: 'unavailable', liftIds: null },
        { eventType: 'battery', liftIds: [2, 4] },
      ],
      escalation: null,
    });
  });

  it('carries the escalation subscription: all lifts or the chosen ones', () => {
    const all = formFromSubscriptions({ ...stored, escalation: { liftIds: null, lifts: [] } });
    expect(all.escalation).toEqual({ enabled: true, allLifts: true, lifts: [] });
    expect(updateFromForm(all).escalation).toEqual({ liftIds: null });
    const chosen = formFromSubscriptions({
      ...stored,
      escalation: {
        liftIds: [7, 3],
        lifts: [
          { id: 7, name: 'Z', address: '' },
          { id: 3, name: 'C', address: '' },
        ],
      },
    });
    expect(chosen.escalation.lifts).toEqual([
      { id: 7, name: 'Z' },
      { id: 3, name: 'C' },
    ]);
    expect(updateFromForm(chosen).escalation).toEqual({ liftIds: [3, 7] });
    expect(updateFromForm({ ...chosen, escalation: { ...chosen.escalation, enabled: false } }).escalation).toBeNull();
  });

  it('sees a change only when what would be saved differs', () => {
    const form = formFromSubscriptions(stored);
    const events = (patch: Partial<typeof form.events>) => ({ ...form, events: { ...form.events, ...patch } });
    expect(isSameForm(form, events({ alarm_call: { ...form.events.alarm_call, allLifts: false } }))).toBe(true);
    expect(isSameForm(form, events({ alarm_call: { ...form.events.alarm_call, enabled: true } }))).toBe(false);
    expect(isSameForm(form, { ...form, escalation: { ...form.escalation, enabled: true } })).toBe(false);
  });

  it('lists rows for chosen lifts without a lift', () => {
    const form = formFromSubscriptions(stored);
    const none = { enabled: true, allLifts: false, lifts: [] };
    expect(rowsMissingLifts({ ...form, events: { ...form.events, battery: none } })).toEqual(['battery']);
    expect(rowsMissingLifts({ ...form, escalation: none })).toEqual(['escalation']);
  });
});
