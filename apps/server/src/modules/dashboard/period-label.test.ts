import { describe, expect, it } from 'vitest';
import { periodLabel } from './period-label.ts';

describe('periodLabel', () => {
  it('names whole months, quarters and years as the period selector does', () => {
    expect(periodLabel('2026-02-01', '2026-02-28', 'nl')).toBe('februari 2026');
    expect(periodLabel('2026-02-01', '2026-02-28', 'en')).toBe('February 2026');
    expect(periodLabel('2026-10-01', '2026-12-31', 'nl')).toBe('Q4 2026');
    expect(periodLabel('2024-01-01', '2024-12-31', 'en')).toBe('2024');
  });

  it('names any other range by its days', () => {
    // Not a quarter (it starts in February), not a whole month (it stops short).
    // ICU puts thin spaces around the range's dash.
    expect(periodLabel('2026-02-01', '2026-04-30', 'en')).toMatch(/^1 Feb\s–\s30 Apr 2026$/);
    expect(periodLabel('2026-03-01', '2026-03-15', 'nl')).toMatch(/^1\s?–\s?15 mrt 2026$/);
  });
});
