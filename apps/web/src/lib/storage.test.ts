import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readInteger, readJson, readString, removeItem, storageKeys, writeJson, writeString } from './storage.ts';

describe('browser storage', () => {
  it('keeps every item under a liftwacht- key', () => {
    for (const key of Object.values(storageKeys)) expect(key).toMatch(/^liftwacht-/);
  });

  it('has a key for each browser-stored item of spec §3', () => {
    expect(Object.keys(storageKeys)).toEqual(
      expect.arrayContaining([
        'userToken',
        'organisationId',
        'startDate',
        'endDate',
        'period',
        'eventFilters',
        'historyCheckboxes',
        'lockedLiftId',
        'viewIsCurrent',
        'senseNotConnectedFilter',
        'socketAccess',
        'deepLinkEventId',
      ]),
    );
    expect(storageKeys.period).toBe('liftwacht-period');
  });

  it('writes, reads and removes strings', () => {
    writeString(storageKeys.userToken, 'abc');
    expect(localStorage.getItem('liftwacht-token')).toBe('abc');
    expect(readString(storageKeys.userToken)).toBe('abc');
    removeItem(storageKeys.userToken);
    expect(readString(storageKeys.userToken)).toBeNull();
  });

  it('reads integers and ignores anything else', () => {
    writeString(storageKeys.organisationId, '42');
    expect(readInteger(storageKeys.organisationId)).toBe(42);
    writeString(storageKeys.organisationId, '4x');
    expect(readInteger(storageKeys.organisationId)).toBeNull();
  });

  it('validates JSON against a schema and drops what no longer fits', () => {
    const schema = z.object({ unit: z.literal('month') });
    writeJson(storageKeys.period, { unit: 'month' });
    expect(readJson(storageKeys.period, schema)).toEqual({ unit: 'month' });
    writeJson(storageKeys.period, { unit: 'week' });
    expect(readJson(storageKeys.period, schema)).toBeNull();
    writeString(storageKeys.period, '{not json');
    expect(readJson(storageKeys.period, schema)).toBeNull();
  });
});
