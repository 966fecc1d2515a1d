import { describe, expect, it } from 'vitest';
import { parseModuleList, tabState, writeModuleList } from './module-list-params.ts';

describe('module list URL state', () => {
  it('reads and writes every filter, leaving defaults out', () => {
    const query = 'tab=modules&search=ES-1&linked=unlinked&organisation=3&sort=lastSeenAt&dir=desc&rows=50&page=2';
    const state = parseModuleList(new URLSearchParams(query));
    expect(state).toEqual({
      tab: 'modules',
      search: 'ES-1',
      linked: 'unlinked',
      organisationId: 3,
      sort: 'lastSeenAt',
      direction: 'desc',
      page: 1,
      rows: 50,
    });
    expect(writeModuleList(state).toString()).toBe(
      'search=ES-1&linked=unlinked&organisation=3&sort=lastSeenAt&dir=desc&rows=50&page=2',
    );
  });

  it('falls back to the defaults for anything malformed', () => {
    const state = parseModuleList(new URLSearchParams('tab=x&linked=maybe&organisation=-1&sort=firmware&page=0'));
    expect(writeModuleList(state).toString()).toBe('');
  });

  it('starts another tab from a clean list', () => {
    expect(writeModuleList(tabState('unregistered')).toString()).toBe('tab=unregistered');
  });
});
