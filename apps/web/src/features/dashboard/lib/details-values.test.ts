import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { filterDetails, sortDetails } from './details-values.ts';

const item = (liftId: number, name: string, value: number | string | null, buildingName: string | null = null) =>
  ({ liftId, name, address: `Straat ${liftId}`, buildingName, value, unit: 'percentage' }) satisfies StatsDetailItem;

const items = [item(1, 'Lift B', 99.5, 'Zuid'), item(2, 'lift a', 97.1), item(3, 'Lift 10', 98.2, 'Één')];

describe('stats details table', () => {
  it('sorts names as people read them, in both directions', () => {
    const ids = (direction: 'asc' | 'desc') =>
      sortDetails(items, { column: 'name', direction }, 'nl').map((i) => i.liftId);
    expect(ids('asc')).toEqual([3, 2, 1]);
    expect(ids('desc')).toEqual([1, 2, 3]);
  });

  it('sorts values numerically and keeps empty values last', () => {
    const withEmpty = [...items, item(4, 'Lift Z', null)];
    expect(sortDetails(withEmpty, { column: 'value', direction: 'asc' }, 'nl').map((i) => i.liftId)).toEqual([
      2, 3, 1, 4,
    ]);
    expect(sortDetails(withEmpty, { column: 'value', direction: 'desc' }, 'nl').map((i) => i.liftId)).toEqual([
      1, 3, 2, 4,
    ]);
    expect(sortDetails(items, { column: 'buildingName', direction: 'asc' }, 'nl').map((i) => i.liftId)).toEqual([
      3, 1, 2,
    ]);
  });

  it('filters on id, name, address and building, ignoring case and accents', () => {
    expect(filterDetails(items, 'een', 'nl').map((i) => i.liftId)).toEqual([3]);
    expect(filterDetails(items, 'LIFT A', 'nl').map((i) => i.liftId)).toEqual([2]);
    expect(filterDetails(items, 'straat 1', 'nl').map((i) => i.liftId)).toEqual([1]);
    expect(filterDetails(items, '  ', 'nl')).toHaveLength(3);
  });
});
