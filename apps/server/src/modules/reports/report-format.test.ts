import { describe, expect, it } from 'vitest';
import { createReportFormat } from './report-format.ts';

describe('report formats', () => {
  const nl = createReportFormat('nl', '{{value}} %');
  const en = createReportFormat('en-GB', '{{value}}%');
  const us = createReportFormat('en-US', '{{value}}%');

  it('prints percentages with at most two decimals, truncated, in the reader’s notation', () => {
    expect(nl.percentage(99.1666)).toBe('99,16 %');
    expect(en.percentage(99.1666)).toBe('99.16%');
    expect(nl.percentage(100)).toBe('100 %');
    expect(nl.percentage(98.5)).toBe('98,5 %');
    // 98.999 stays below the 99 % bracket it is coloured for; float noise does not cost a hundredth.
    expect(nl.percentage(98.999)).toBe('98,99 %');
    expect(nl.percentage(99.99999)).toBe('99,99 %');
    expect(nl.percentage(99.17 - 1e-12)).toBe('99,17 %');
  });

  it('groups thousands and prints hours with one decimal', () => {
    expect(nl.count(1234)).toBe('1.234');
    expect(en.count(1234)).toBe('1,234');
    expect(nl.hours(27 * 3600 + 1800)).toBe('27,5');
    expect(en.hours(97200)).toBe('27');
  });

  it('prints dates in the reader’s language and local time', () => {
    expect(nl.longDate('2026-03-01')).toBe('1 maart 2026');
    expect(en.longDate('2026-03-01')).toBe('1 March 2026');
    expect(us.longDate('2026-03-01')).toBe('March 1, 2026');
    expect(nl.shortDate('2026-12-01')).toBe('01-12-2026');
    expect(en.shortDate('2026-12-01')).toBe('01/12/2026');
    // 23:30 UTC on 28 February is 00:30 on 1 March in Amsterdam.
    expect(nl.dateTime(new Date('2026-02-28T23:30:00Z'))).toEqual({ date: '1 maart 2026', time: '00:30' });
  });
});
