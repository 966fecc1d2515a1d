import { describe, expect, it } from 'vitest';
import { latestDuePeriod, reportDueAt } from './report-schedule.ts';

describe('scheduled report due times (07:00 Europe/Amsterdam, first working day after the period)', () => {
  it('is 07:00 summer time (05:00 UTC) after the clocks go forward at the end of March', () => {
    // March 2026 ends on Tuesday 31 March, after the change of 29 March: Wednesday 1 April 07:00 CEST.
    expect(reportDueAt('2026-03-31').toISOString()).toBe('2026-04-01T05:00:00.000Z');
  });

  it('is 07:00 winter time (06:00 UTC) after the clocks go back at the end of October', () => {
    // October 2026 ends on Saturday 31 October (the change is Sunday 25 October): Monday 2 November.
    expect(reportDueAt('2026-10-31').toISOString()).toBe('2026-11-02T06:00:00.000Z');
  });

  it('skips the weekend: February 2026 ends on a Saturday, so the report goes out on Monday', () => {
    expect(reportDueAt('2026-02-28').toISOString()).toBe('2026-03-02T06:00:00.000Z');
  });

  it('skips Dutch public holidays: 1 January 2027 is a Friday, so December goes out on Monday 4 January', () => {
    expect(reportDueAt('2026-12-31').toISOString()).toBe('2027-01-04T06:00:00.000Z');
    expect(latestDuePeriod('monthly', new Date('2027-01-04T05:59:59Z'))).toMatchObject({ to: '2026-11-30' });
    expect(latestDuePeriod('quarterly', new Date('2027-01-04T06:00:00Z'))).toMatchObject({
      from: '2026-10-01',
      to: '2026-12-31',
    });
  });

  it('skips Easter Monday: Q1 2024 ends on Sunday 31 March and 1 April is Easter Monday', () => {
    expect(reportDueAt('2024-03-31').toISOString()).toBe('2024-04-02T05:00:00.000Z');
    // In 2027 Easter Monday (29 March) lies inside Q1: the quarter goes out on Thursday 1 April.
    expect(reportDueAt('2027-03-31').toISOString()).toBe('2027-04-01T05:00:00.000Z');
  });

  it('answers the previous month once it is due, else the one before', () => {
    expect(latestDuePeriod('monthly', new Date('2026-04-01T04:59:59Z'))).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(latestDuePeriod('monthly', new Date('2026-04-01T05:00:00Z'))).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it('answers calendar quarters', () => {
    expect(latestDuePeriod('quarterly', new Date('2026-04-01T05:00:00Z'))).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(latestDuePeriod('quarterly', new Date('2026-03-15T12:00:00Z'))).toMatchObject({
      from: '2025-10-01',
      to: '2025-12-31',
    });
  });
});
