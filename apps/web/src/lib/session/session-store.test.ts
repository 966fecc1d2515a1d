import { describe, expect, it } from 'vitest';
import { userWithRole } from '../../test/fixtures.ts';
import { storageKeys } from '../storage.ts';
import {
  selectIsLoggedIn,
  selectIsRestoring,
  selectUserClientLight,
  selectUserMechanic,
  selectViewIsCurrent,
} from './session-selectors.ts';
import { getSessionState, reloadSessionFromStorage, sessionActions } from './session-store.ts';

const period = { unit: 'quarter', offset: -1, from: '2026-07-01', to: '2026-09-30' } as const;

describe('session store', () => {
  it('starts signed out with a default date range and the current view', () => {
    const state = getSessionState();
    expect(selectIsLoggedIn(state)).toBe(false);
    expect(state.startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(state.viewIsCurrent).toBe(true);
    expect(state.organisationId).toBeNull();
  });

  it('persists the token, organisation, locked lift, dates, view, period and filter so they survive a reload', () => {
    sessionActions.login('abc');
    sessionActions.setOrganisationId(7);
    sessionActions.setLockedLiftId(12);
    sessionActions.setDateRange('2026-01-01', '2026-01-31');
    sessionActions.setViewIsCurrent(false);
    sessionActions.setSenseNotConnectedFilter('offline');
    sessionActions.choosePeriod(period);

    reloadSessionFromStorage();
    const state = getSessionState();
    expect(state).toMatchObject({
      userToken: 'abc',
      organisationId: 7,
      lockedLiftId: 12,
      startDate: period.from,
      endDate: period.to,
      viewIsCurrent: false,
      senseNotConnectedFilter: 'offline',
      period,
    });
    expect(localStorage.getItem(storageKeys.organisationId)).toBe('7');
    expect(JSON.parse(localStorage.getItem(storageKeys.period) ?? 'null')).toEqual(period);
  });

  it.each([
    ['a day before 1900', '1850-01-01', '2026-01-31'],
    ['a reversed range', '2026-02-01', '2026-01-31'],
    ['a range over ten years', '2010-01-01', '2020-12-31'],
  ])('replaces a stored date range with %s, which the server refuses, by the default', (_case, from, to) => {
    localStorage.setItem(storageKeys.startDate, from);
    localStorage.setItem(storageKeys.endDate, to);
    reloadSessionFromStorage();
    expect(getSessionState().startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(getSessionState().startDate).not.toBe(from);
  });

  it('turns the current view off when a period is chosen', () => {
    sessionActions.choosePeriod(period);
    expect(getSessionState().viewIsCurrent).toBe(false);
  });

  it('is restoring while a token has no profile yet', () => {
    sessionActions.login('abc');
    expect(selectIsRestoring(getSessionState())).toBe(true);
    sessionActions.setUser(userWithRole('user'));
    expect(selectIsRestoring(getSessionState())).toBe(false);
  });

  it('drops the profile of a previous token when a new token arrives', () => {
    sessionActions.login('first');
    sessionActions.setUser(userWithRole('user'));
    sessionActions.login('second');
    expect(getSessionState().user).toBeNull();
  });

  it('derives the client-light and mechanic flags from the roles and forces their view to current', () => {
    sessionActions.login('abc');
    sessionActions.setViewIsCurrent(false);
    sessionActions.setUser(userWithRole('client-light'));
    expect(selectUserClientLight(getSessionState())).toBe(true);
    expect(selectViewIsCurrent(getSessionState())).toBe(true);
    sessionActions.setUser(userWithRole('monteur'));
    expect(selectUserMechanic(getSessionState())).toBe(true);
    expect(selectViewIsCurrent(getSessionState())).toBe(true);
    sessionActions.setUser(userWithRole('admin'));
    expect(selectViewIsCurrent(getSessionState())).toBe(false);
  });

  it('logout clears exactly the token, organisation, start date, end date and period (spec §4)', () => {
    sessionActions.login('abc');
    sessionActions.setUser(userWithRole('user'));
    sessionActions.setOrganisationId(7);
    sessionActions.choosePeriod(period);
    sessionActions.setLockedLiftId(12);
    sessionActions.setSenseNotConnectedFilter('offline');
    localStorage.setItem(storageKeys.locale, 'en-GB');
    localStorage.setItem(storageKeys.deepLinkEventId, '5');

    sessionActions.logout();

    for (const key of [
      storageKeys.userToken,
      storageKeys.organisationId,
      storageKeys.startDate,
      storageKeys.endDate,
      storageKeys.period,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(storageKeys.lockedLiftId)).toBe('12');
    expect(localStorage.getItem(storageKeys.viewIsCurrent)).toBe('false');
    expect(localStorage.getItem(storageKeys.senseNotConnectedFilter)).toBe('offline');
    expect(localStorage.getItem(storageKeys.locale)).toBe('en-GB');
    expect(localStorage.getItem(storageKeys.deepLinkEventId)).toBe('5');
    expect(getSessionState()).toMatchObject({
      userToken: null,
      user: null,
      organisationId: null,
      period: null,
      organisationList: [],
    });
  });

  it('clearToken forgets only the token and the user (the 401 rule)', () => {
    sessionActions.login('abc');
    sessionActions.setOrganisationId(7);
    sessionActions.clearToken();
    expect(localStorage.getItem(storageKeys.userToken)).toBeNull();
    expect(getSessionState().organisationId).toBe(7);
  });
});
