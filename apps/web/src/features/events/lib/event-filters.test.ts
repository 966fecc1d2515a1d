import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage.ts';
import { activeFilterCount, emptyEventFilters, readStoredEventFilters, storeEventFilters } from './event-filters.ts';

describe('event filters', () => {
  it('counts every active filter but not the closed toggle', () => {
    expect(activeFilterCount(emptyEventFilters)).toBe(0);
    expect(activeFilterCount({ ...emptyEventFilters, showClosed: true })).toBe(0);
    expect(activeFilterCount({ ...emptyEventFilters, types: ['battery', 'unavailable'] })).toBe(1);
    expect(
      activeFilterCount({
        types: ['battery'],
        lifts: [{ id: 3, name: 'Lift 3' }],
        from: '2026-01-01',
        to: null,
        onlyUnavailability: true,
        showClosed: true,
      }),
    ).toBe(4);
  });

  it('remembers the filters as JSON and drops a stored value that no longer fits', () => {
    const filters = { ...emptyEventFilters, types: ['battery' as const], showClosed: true };
    storeEventFilters(filters);
    expect(JSON.parse(localStorage.getItem(storageKeys.eventFilters) ?? 'null')).toEqual(filters);
    expect(readStoredEventFilters()).toEqual(filters);

    localStorage.setItem(storageKeys.eventFilters, '{"types":["no_such_type"]}');
    expect(readStoredEventFilters()).toEqual(emptyEventFilters);
  });
});
