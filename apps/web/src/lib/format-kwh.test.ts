import { describe, expect, it } from 'vitest';
import { formatKwh } from './format-kwh.ts';

describe('energy', () => {
  it('shows Wh as kWh with one decimal', () => {
    expect(formatKwh(20_607_396, 'nl')).toBe('20.607,4');
    expect(formatKwh(20_607_396, 'en-GB')).toBe('20,607.4');
    expect(formatKwh(0, 'nl')).toBe('0,0');
    expect(formatKwh(1_234, 'nl')).toBe('1,2');
  });
});
