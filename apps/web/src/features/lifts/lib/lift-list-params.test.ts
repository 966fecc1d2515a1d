import { describe, expect, it } from 'vitest';
import { defaultListState, listStateParams, parseListState } from './lift-list-params.ts';

describe('lift list URL state', () => {
  it('reads search, 1-based page, rows, sort, direction and advanced criteria', () => {
    const params = new URLSearchParams({
      search: 'kerk',
      page: '3',
      rows: '50',
      sort: 'city',
      dir: 'desc',
      advanced: JSON.stringify({ city: 'Utrecht', statuses: ['approvalExpired'] }),
    });
    expect(parseListState(params)).toEqual({
      search: 'kerk',
      page: 2,
      rows: 50,
      sort: 'city',
      direction: 'desc',
      advanced: { city: 'Utrecht', statuses: ['approvalExpired'] },
    });
  });

  it('falls back to the defaults for anything unknown or malformed', () => {
    const params = new URLSearchParams({ page: '-1', rows: '7', sort: 'colour', dir: 'up', advanced: '{"colour":1}' });
    expect(parseListState(params)).toEqual(defaultListState);
    expect(parseListState(new URLSearchParams({ advanced: '{not json' })).advanced).toBeNull();
  });

  it('starts at the first page when a page would start beyond the deepest offset the server serves', () => {
    // 1,000,000 is the deepest offset: page 10,001 of 100 rows starts there, page 10,002 beyond it.
    expect(parseListState(new URLSearchParams({ rows: '100', page: '10001' })).page).toBe(10_000);
    expect(parseListState(new URLSearchParams({ rows: '100', page: '10002' })).page).toBe(0);
    expect(parseListState(new URLSearchParams({ page: '99999' })).page).toBe(0);
    expect(parseListState(new URLSearchParams({ page: '1e9' })).page).toBe(0);
  });

  it('writes only what differs from the default, and round-trips', () => {
    expect(listStateParams(defaultListState).toString()).toBe('');
    const state = { ...defaultListState, search: ' markt ', page: 1, sort: 'address' as const, advanced: {} };
    const params = listStateParams(state);
    expect(params.toString()).toBe('search=markt&advanced=%7B%7D&sort=address&page=2');
    expect(parseListState(params)).toEqual({ ...state, search: 'markt' });
  });
});
