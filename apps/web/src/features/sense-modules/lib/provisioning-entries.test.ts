import { describe, expect, it } from 'vitest';
import { provisioningEntries } from './provisioning-entries.ts';

describe('provisioningEntries', () => {
  it('flattens nested objects into dotted keys and lists into comma-separated values', () => {
    expect(
      provisioningEntries({
        e: { floors: 6, doors: ['A', 'B'], intercom: { type: 'gsm' } },
        fw: '2.1',
        ok: true,
        x: null,
      }),
    ).toEqual([
      { key: 'e.floors', value: '6' },
      { key: 'e.doors', value: 'A, B' },
      { key: 'e.intercom.type', value: 'gsm' },
      { key: 'fw', value: '2.1' },
      { key: 'ok', value: 'true' },
      { key: 'x', value: '—' },
    ]);
  });
});
