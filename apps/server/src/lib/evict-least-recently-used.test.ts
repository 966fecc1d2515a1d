import { describe, expect, it } from 'vitest';
import { evictLeastRecentlyUsed } from './evict-least-recently-used.ts';

describe('evictLeastRecentlyUsed', () => {
  it('drops the entries used longest ago until at most max are left', () => {
    const entries = new Map([
      ['a', { usedAt: 30 }],
      ['b', { usedAt: 10 }],
      ['c', { usedAt: 40 }],
      ['d', { usedAt: 20 }],
    ]);
    evictLeastRecentlyUsed(entries, 2);
    expect([...entries.keys()]).toEqual(['a', 'c']);
  });

  it('leaves a map within its limit as it is', () => {
    const entries = new Map([['a', { usedAt: 1 }]]);
    evictLeastRecentlyUsed(entries, 1);
    expect([...entries.keys()]).toEqual(['a']);
  });
});
