import { describe, expect, it } from 'vitest';
import { compareKeys, labelMap, mergeReadings, senseRows, senseValueText } from './sense-values.ts';

describe('sense values', () => {
  it('orders f fields numerically before e fields', () => {
    expect(['e1', 'f10', 'f2', 'e0', 'f0'].sort(compareKeys)).toEqual(['f0', 'f2', 'f10', 'e0', 'e1']);
  });

  it('merges live readings over the snapshot, the latest per field winning', () => {
    const snapshot = [
      { key: 'f1', value: 3, at: '2026-11-21T09:00:00Z' },
      { key: 'f0', value: 0, at: '2026-11-21T09:00:00Z' },
    ];
    const live = [
      { key: 'f1', value: 4, at: '2026-11-21T09:05:00Z' },
      { key: 'f0', value: 1, at: '2026-11-21T08:00:00Z' },
    ];
    expect(mergeReadings(snapshot, live)).toEqual([
      { key: 'f0', value: 0, at: '2026-11-21T09:00:00Z' },
      { key: 'f1', value: 4, at: '2026-11-21T09:05:00Z' },
    ]);
  });

  it('labels fields, preferring the module type’s own label and falling back to the key', () => {
    const labels = labelMap(
      [
        { id: 1, type: 'label', key: 'f0', label: 'Deur open', moduleType: null },
        { id: 2, type: 'label', key: 'f0', label: 'Kooideur open', unit: null, moduleType: 'S2' },
        { id: null, type: 'label', key: 'f13', label: 'Netspanning', unit: 'V', moduleType: null },
      ],
      'S2',
    );
    expect(
      senseRows(
        [
          { key: 'f0', value: 1, at: 'x' },
          { key: 'f9', value: 0, at: 'x' },
          { key: 'f13', value: 230, at: 'x' },
          // Module states kept as sense data: shown by the status and alert panels, not here.
          { key: 'available', value: true, at: 'x' },
          { key: 'faults', value: ['door_closing_fault'], at: 'x' },
        ],
        labels,
      ).map((row) => [row.label, row.unit]),
    ).toEqual([
      ['Kooideur open', null],
      ['f9', null],
      ['Netspanning', 'V'],
    ]);
  });

  it('formats values by kind', () => {
    expect(senseValueText(1234.5, 'nl')).toEqual({ kind: 'text', text: '1.234,5' });
    expect(senseValueText(true, 'nl')).toEqual({ kind: 'yes' });
    expect(senseValueText(null, 'nl')).toEqual({ kind: 'empty' });
    expect(senseValueText(['a', 'b'], 'nl')).toEqual({ kind: 'text', text: 'a, b' });
    expect(senseValueText({ a: 1 }, 'nl')).toEqual({ kind: 'text', text: '{"a":1}' });
  });
});
