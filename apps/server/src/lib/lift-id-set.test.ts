import { describe, expect, it } from 'vitest';
import { liftIdSet } from './lift-id-set.ts';

describe('liftIdSet', () => {
  it('knows the listed ids and the highest one, and no others', () => {
    const set = liftIdSet(Int32Array.from([7, 3, 12]));
    expect(set.maxId).toBe(12);
    expect([3, 7, 12].every((id) => set.has(id))).toBe(true);
    expect([0, 1, 4, 11, 13, 1000].some((id) => set.has(id))).toBe(false);
  });

  it('holds nothing for an empty list', () => {
    const set = liftIdSet([]);
    expect(set.maxId).toBe(0);
    expect(set.has(0)).toBe(false);
    expect(set.has(1)).toBe(false);
  });
});
