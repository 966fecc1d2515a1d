import { describe, expect, it } from 'vitest';
import { localInputToIso, nowAsLocalInput } from './local-date-time-input.ts';

describe('datetime-local values', () => {
  it('round-trips a local minute through the ISO instant', () => {
    const value = nowAsLocalInput(new Date(2026, 2, 10, 9, 41, 30));
    expect(value).toBe('2026-03-10T09:41');
    expect(localInputToIso(value)).toBe(new Date(2026, 2, 10, 9, 41).toISOString());
  });

  it('refuses empty and malformed values', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('10-03-2026 09:41')).toBeNull();
    expect(localInputToIso('2026-02-30T25:99')).toBeNull();
  });
});
