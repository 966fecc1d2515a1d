import { describe, expect, it } from 'vitest';
import {
  addMonths,
  amsterdamOffset,
  businessLength,
  businessOverlap,
  dayToIso,
  fromLocal,
  HOUR,
  isoToDay,
  isoWeekday,
  toLocal,
} from './amsterdam-time.ts';

const intlParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function intlOffset(t: number): number {
  const p = Object.fromEntries(intlParts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return wall - Math.floor(t / 60_000) * 60_000;
}

describe('amsterdam-time', () => {
  it('agrees with Intl on the offset every 37 minutes over 2024–2027', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 37 * 60_000) {
      if (amsterdamOffset(t) !== intlOffset(t)) throw new Error(`offset differs at ${new Date(t).toISOString()}`);
    }
  });

  it('switches at 01:00 UTC on the last Sundays of March and October', () => {
    expect(amsterdamOffset(Date.parse('2026-03-29T00:59:59Z'))).toBe(HOUR);
    expect(amsterdamOffset(Date.parse('2026-03-29T01:00:00Z'))).toBe(2 * HOUR);
    expect(amsterdamOffset(Date.parse('2026-10-25T00:59:59Z'))).toBe(2 * HOUR);
    expect(amsterdamOffset(Date.parse('2026-10-25T01:00:00Z'))).toBe(HOUR);
  });

  it('converts local wall-clock times both ways', () => {
    const day = isoToDay('2026-07-01');
    expect(new Date(fromLocal(day, 7)).toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(new Date(fromLocal(isoToDay('2026-01-15'), 19)).toISOString()).toBe('2026-01-15T18:00:00.000Z');
    expect(toLocal(Date.parse('2026-07-01T22:30:00Z'))).toMatchObject({ day: day + 1, hour: 0, minute: 30 });
    expect(isoWeekday(isoToDay('2026-03-16'))).toBe(1);
    expect(dayToIso(addMonths(isoToDay('2026-03-31'), -1))).toBe('2026-02-28');
  });

  it('counts only 07–19 local time, including across midnight and DST days', () => {
    const window = {
      fromDay: isoToDay('2026-03-28'),
      toDay: isoToDay('2026-03-30'),
      startHour: 7,
      endHour: 19,
      until: Date.parse('2026-04-01T00:00:00Z'),
    };
    expect(businessLength(window)).toBe(36 * HOUR);
    // 18:00 local on the 28th to 08:00 local on the 29th (the spring-forward night): 1 h + 1 h.
    expect(businessOverlap(fromLocal(window.fromDay, 18), fromLocal(window.fromDay + 1, 8), window)).toBe(2 * HOUR);
    expect(businessOverlap(fromLocal(window.fromDay, 20), fromLocal(window.fromDay + 1, 6), window)).toBe(0);
  });
});
