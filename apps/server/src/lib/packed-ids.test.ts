import { describe, expect, it } from 'vitest';
import { unpackIds } from './packed-ids.ts';

describe('unpackIds', () => {
  it('reads the ids of a packed list in their order', () => {
    expect(unpackIds('42,7,1000000123,7')).toEqual([42, 7, 1000000123, 7]);
    expect(unpackIds('5')).toEqual([5]);
  });

  it('reads no rows (the aggregate is null) as no ids', () => {
    expect(unpackIds(null)).toEqual([]);
    expect(unpackIds('')).toEqual([]);
  });
});
