import { describe, expect, it } from 'vitest';
import {
  calendarOptions,
  changeUnit,
  choiceFromSearch,
  choiceToSearch,
  comparedRanges,
  defaultChoice,
  rangeProblem,
  type ComparedChoice,
} from './compared-periods.ts';

const today = new Date(2026, 11, 4); // 4 December 2026

describe('compared periods', () => {
  it('compares a running month with the same days of the previous one', () => {
    expect(comparedRanges(defaultChoice(today), today)).toEqual({
      first: { from: '2026-12-01', to: '2026-12-04', partial: false },
      second: { from: '2026-11-01', to: '2026-11-04', partial: false },
      sameDays: true,
      running: 'first',
    });
  });

  it('takes the same day of the month in a quarter and a year, and never a day past the other period', () => {
    const quarter = changeUnit(defaultChoice(today), 'quarter', today);
    expect(comparedRanges(quarter, today).second).toMatchObject({ from: '2026-07-01', to: '2026-09-04' });
    const year = changeUnit(defaultChoice(today), 'year', today);
    expect(comparedRanges(year, today).second).toMatchObject({ from: '2025-01-01', to: '2025-12-04' });
    const march31 = new Date(2026, 2, 31);
    expect(comparedRanges(defaultChoice(march31), march31).second).toMatchObject({ to: '2026-02-28' });
  });

  it('marks a running period as partial when the whole periods are asked for', () => {
    const whole: ComparedChoice = { ...defaultChoice(today), running: 'whole' };
    expect(comparedRanges(whole, today)).toEqual({
      first: { from: '2026-12-01', to: '2026-12-31', partial: true },
      second: { from: '2026-11-01', to: '2026-11-30', partial: false },
      sameDays: false,
      running: 'first',
    });
  });

  it('leaves two periods in the past whole, and cuts custom ranges by days', () => {
    const past: ComparedChoice = {
      unit: 'month',
      first: { from: '2026-10-01', to: '2026-10-31' },
      second: { from: '2025-10-01', to: '2025-10-31' },
      running: 'sameDays',
    };
    expect(comparedRanges(past, today).sameDays).toBe(false);
    const custom: ComparedChoice = {
      unit: 'custom',
      first: { from: '2026-12-02', to: '2026-12-20' },
      second: { from: '2026-06-01', to: '2026-06-30' },
      running: 'sameDays',
    };
    expect(comparedRanges(custom, today).second).toMatchObject({ from: '2026-06-01', to: '2026-06-03' });
  });

  it('reads the choice back from its URL, snapping calendar periods and refusing nonsense', () => {
    const choice: ComparedChoice = {
      unit: 'quarter',
      first: { from: '2026-04-01', to: '2026-06-30' },
      second: { from: '2025-04-01', to: '2025-06-30' },
      running: 'whole',
    };
    expect(choiceFromSearch(choiceToSearch(choice), today)).toEqual(choice);
    const sloppy = new URLSearchParams({ unit: 'month', period: '2026-05-17/2026-05-17', compareWith: 'x' });
    expect(choiceFromSearch(sloppy, today)).toMatchObject({
      first: { from: '2026-05-01', to: '2026-05-31' },
      second: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(choiceFromSearch(new URLSearchParams({ unit: 'week' }), today)).toEqual(defaultChoice(today));
  });

  it('says what is wrong with a custom range and offers bounded lists', () => {
    expect(rangeProblem({ from: '2026-12-05', to: '2026-12-31' }, today)).toBe('future');
    expect(rangeProblem({ from: '2026-12-05', to: '2026-12-01' }, today)).toBe('order');
    expect(rangeProblem({ from: '2000-01-01', to: '2026-01-01' }, today)).toBe('tooLong');
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-30' }, today)).toBeNull();
    expect(calendarOptions('month', today)).toHaveLength(60);
    expect(calendarOptions('year', today)[0]).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
  });
});
