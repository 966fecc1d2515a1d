import { describe, expect, it } from 'vitest';
import { storageKeys } from '../storage.ts';
import { getSessionState } from './session-store.ts';
import { consumeUrlParameters } from './url-parameters.ts';

function at(url: string) {
  window.history.replaceState(null, '', url);
  consumeUrlParameters();
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

describe('URL session parameters (spec §4 "Session start")', () => {
  it('stores access_token, start_date, end_date and organisation_id and removes them from the URL', () => {
    const remaining = at(
      '/lifts/3?access_token=tok&start_date=2026-01-01&end_date=2026-01-31&organisation_id=9&tab=info#x',
    );
    expect(remaining).toBe('/lifts/3?tab=info#x');
    expect(localStorage.getItem(storageKeys.userToken)).toBe('tok');
    expect(localStorage.getItem(storageKeys.startDate)).toBe('2026-01-01');
    expect(localStorage.getItem(storageKeys.endDate)).toBe('2026-01-31');
    expect(localStorage.getItem(storageKeys.organisationId)).toBe('9');
    expect(getSessionState()).toMatchObject({ userToken: 'tok', organisationId: 9, startDate: '2026-01-01' });
  });

  it('ignores malformed values but still cleans the URL', () => {
    expect(at('/dashboard?start_date=yesterday&end_date=2026-01-31&organisation_id=abc')).toBe('/dashboard');
    expect(localStorage.getItem(storageKeys.startDate)).toBeNull();
    expect(localStorage.getItem(storageKeys.organisationId)).toBeNull();
  });

  it('ignores a date range the server would refuse (before 1900, reversed, over ten years)', () => {
    for (const [start, end] of [
      ['1850-01-01', '1850-01-31'],
      ['2026-02-01', '2026-01-31'],
      ['2010-01-01', '2020-12-31'],
    ] as const) {
      expect(at(`/dashboard?start_date=${start}&end_date=${end}`)).toBe('/dashboard');
      expect(localStorage.getItem(storageKeys.startDate)).toBeNull();
    }
  });

  it('leaves a URL without session parameters alone', () => {
    expect(at('/events?closed=1')).toBe('/events?closed=1');
  });
});
