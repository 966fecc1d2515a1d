import { describe, expect, it } from 'vitest';
import { dayToIso, isoToDay } from '../../db/seed/amsterdam-time.ts';
import { firstWorkingDayAfter, isWorkingDay, publicHolidays } from './working-days.ts';

const after = (iso: string) => dayToIso(firstWorkingDayAfter(isoToDay(iso)));

describe('Dutch working days (report schedule)', () => {
  it('lists the public holidays of a year, not the school days or observances', () => {
    expect([...publicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-05',
      '2026-04-06',
      '2026-04-27',
      '2026-05-14',
      '2026-05-24',
      '2026-05-25',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('does not work on Easter Monday, New Year or Whit Monday; does on Good Friday and Liberation Day', () => {
    expect(isWorkingDay(isoToDay('2026-04-06'))).toBe(false);
    expect(isWorkingDay(isoToDay('2027-01-01'))).toBe(false);
    expect(isWorkingDay(isoToDay('2020-06-01'))).toBe(false);
    expect(isWorkingDay(isoToDay('2026-04-03'))).toBe(true);
    expect(isWorkingDay(isoToDay('2026-05-05'))).toBe(true);
    expect(isWorkingDay(isoToDay('2026-04-07'))).toBe(true);
  });

  it('skips weekends and holidays together', () => {
    // Good Friday works; Saturday, Easter Sunday and Easter Monday do not.
    expect(after('2026-04-03')).toBe('2026-04-07');
    // 1 January 2027 is a Friday: Monday 4 January.
    expect(after('2026-12-31')).toBe('2027-01-04');
    // Christmas on Friday, Boxing Day on Saturday: Monday 28 December.
    expect(after('2026-12-24')).toBe('2026-12-28');
    expect(after('2026-03-31')).toBe('2026-04-01');
  });
});
