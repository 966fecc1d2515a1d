import { describe, expect, it } from 'vitest';
import type { PickableOrganisation } from '@liftwacht/contracts/organisations';
import { defaultOrganisation } from './default-organisation.ts';

const platform: PickableOrganisation = { id: 1, name: 'Liftservice Platform', type: 'maintenance', liftCount: 0 };
const gemeente: PickableOrganisation = { id: 2, name: 'Gemeente Houten', type: 'client', liftCount: 7 };
const woningen: PickableOrganisation = { id: 3, name: 'Woningen Zuid', type: 'owner', liftCount: 3 };
const leeg: PickableOrganisation = { id: 4, name: 'Lege Stichting', type: 'owner', liftCount: 0 };

describe('defaultOrganisation', () => {
  it('keeps a choice that has lifts, or that the person made in the picker', () => {
    expect(defaultOrganisation([platform, gemeente, woningen], { current: 3, own: 1, picked: false })).toBe(3);
    expect(defaultOrganisation([platform, gemeente, leeg], { current: 4, own: 1, picked: true })).toBe(4);
  });

  it('leaves an organisation without lifts that nobody picked for one with lifts (the platform after setup)', () => {
    expect(defaultOrganisation([platform], { current: 1, own: 1, picked: false })).toBe(1);
    expect(defaultOrganisation([platform, gemeente, woningen], { current: 1, own: 1, picked: false })).toBe(2);
  });

  it('starts a fresh session on the own organisation when it has lifts, else the first that has', () => {
    expect(defaultOrganisation([gemeente, woningen], { current: null, own: 3, picked: false })).toBe(3);
    expect(defaultOrganisation([platform, leeg, woningen], { current: null, own: 1, picked: false })).toBe(3);
    expect(defaultOrganisation([platform, leeg], { current: null, own: 4, picked: false })).toBe(4);
  });

  it('replaces a stored organisation that is no longer in the list', () => {
    expect(defaultOrganisation([platform, woningen], { current: 99, own: 1, picked: true })).toBe(3);
    expect(defaultOrganisation([], { current: 99, own: 1, picked: false })).toBeNull();
  });
});
