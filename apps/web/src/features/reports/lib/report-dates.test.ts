import { describe, expect, it } from 'vitest';
import { kilobytes, reportDay, reportLanguageOf } from './report-dates.ts';

describe('report dates', () => {
  it('writes days as the PDF cover does, in the report’s language', () => {
    expect(reportDay('2026-02-01', 'nl')).toBe('1 februari 2026');
    expect(reportDay('2026-02-28', 'en')).toBe('28 February 2026');
  });

  it('maps the interface language and sizes', () => {
    expect(reportLanguageOf('en-US')).toBe('en');
    expect(reportLanguageOf('nl')).toBe('nl');
    expect(kilobytes(100)).toBe(1);
    expect(kilobytes(300 * 1024)).toBe(300);
  });
});
