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

  it.each([
    ['a day before 1900', { from: '1850-01-01', to: null }],
    ['a day after 2199', { from: null, to: '2300-01-01' }],
    ['a period over ten years', { from: '2010-01-01', to: '2020-12-31' }],
    ['a reversed period', { from: '2026-02-01', to: '2026-01-01' }],
  ])('falls back to no filters for a stored filter with %s, which the server would refuse', (_case, period) => {
    localStorage.setItem(
      storageKeys.eventFilters,
      JSON.stringify({ ...emptyEventFilters, types: ['battery'], ...period }),
    );
    expect(readStoredEventFilters()).toEqual(emptyEventFilters);
  });

  it('falls back for more lifts than the server takes in one filter, and keeps a stored ten-year period', () => {
    const lifts = Array.from({ length: 1001 }, (_, index) => ({ id: index + 1, name: `Lift ${String(index + 1)}` }));
    localStorage.setItem(storageKeys.eventFilters, JSON.stringify({ ...emptyEventFilters, lifts }));
    expect(readStoredEventFilters()).toEqual(emptyEventFilters);

    const tenYears = { ...emptyEventFilters, from: '2016-01-01', to: '2025-12-31' };
    storeEventFilters(tenYears);
    expect(readStoredEventFilters()).toEqual(tenYears);
  });
});
