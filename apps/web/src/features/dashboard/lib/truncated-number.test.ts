import { describe, expect, it } from 'vitest';
import { formatTruncated } from './truncated-number.ts';

describe('percentages with at most 2 decimals, truncated like the PDF report', () => {
  it('truncates instead of rounding, in Dutch and English notation', () => {
    expect(formatTruncated(98.996, 'nl')).toBe('98,99');
    expect(formatTruncated(98.996, 'en-GB')).toBe('98.99');
    expect(formatTruncated(99.97055817849738, 'nl')).toBe('99,97');
    expect(formatTruncated(99.99999, 'nl')).toBe('99,99');
  });

  it('drops trailing zeros and keeps whole numbers whole', () => {
    expect(formatTruncated(100, 'nl')).toBe('100');
    expect(formatTruncated(98.5, 'nl')).toBe('98,5');
    expect(formatTruncated(0, 'en-US')).toBe('0');
  });

  it('does not lose a hundredth to float noise', () => {
    expect(formatTruncated(99.17 - 1e-12, 'nl')).toBe('99,17');
    expect(formatTruncated(0.1 + 0.2, 'nl')).toBe('0,3');
  });

  it('signs changes, truncating towards zero', () => {
    expect(formatTruncated(0.256, 'nl', { signDisplay: 'exceptZero' })).toBe('+0,25');
    expect(formatTruncated(-1.239, 'nl', { signDisplay: 'exceptZero' })).toBe('-1,23');
    expect(formatTruncated(0, 'nl', { signDisplay: 'exceptZero' })).toBe('0');
  });
});
