import { isNumberedSenseField, type SenseConfigurationItem, type SenseReading } from '@liftwacht/contracts/sense';

export interface SenseRow {
  key: string;
  /** The configured label, or the field key itself when the configuration has none. */
  label: string;
  /** The reading's unit (V, °C), shown after a number; null: none. */
  unit: string | null;
  value: unknown;
  at: string;
}

export interface SenseLabel {
  label: string;
  unit: string | null;
}

/** Labels per field key; a label for the module's own type wins over a general one. */
export function labelMap(
  items: readonly SenseConfigurationItem[],
  moduleType: string | null = null,
): Map<string, SenseLabel> {
  const labels = new Map<string, SenseLabel>();
  const labelOf = (item: SenseConfigurationItem) => ({ label: item.label, unit: item.unit ?? null });
  for (const item of items) {
    if (item.moduleType === null && !labels.has(item.key)) labels.set(item.key, labelOf(item));
  }
  for (const item of items) {
    if (moduleType !== null && item.moduleType === moduleType) labels.set(item.key, labelOf(item));
  }
  return labels;
}

/**
 * Later readings of a field replace earlier ones, so the GET's snapshot and any live updates can be
 * merged into one list; the result keeps the module's key order (f2 before f10).
 */
export function mergeReadings(...sources: readonly (readonly SenseReading[])[]): SenseReading[] {
  const latest = new Map<string, SenseReading>();
  for (const reading of sources.flat()) {
    const known = latest.get(reading.key);
    if (!known || Date.parse(reading.at) >= Date.parse(known.at)) latest.set(reading.key, reading);
  }
  return [...latest.values()].sort((a, b) => compareKeys(a.key, b.key));
}

/** f2 before f10, and f fields (live status) before e fields (provisioning). */
export function compareKeys(a: string, b: string): number {
  const [, prefixA = a, numberA] = /^(\D*)(\d*)$/.exec(a) ?? [];
  const [, prefixB = b, numberB] = /^(\D*)(\d*)$/.exec(b) ?? [];
  if (prefixA !== prefixB) return prefixA === 'f' ? -1 : prefixB === 'f' ? 1 : prefixA.localeCompare(prefixB);
  // An empty number part (a key without digits) counts as 0.
  return Number(numberA ?? '') - Number(numberB ?? '');
}

/** The sense data table: the numbered fields only, each with its configured label. */
export function senseRows(readings: readonly SenseReading[], labels: ReadonlyMap<string, SenseLabel>): SenseRow[] {
  return readings
    .filter((reading) => isNumberedSenseField(reading.key))
    .map((reading) => {
      const label = labels.get(reading.key);
      return { ...reading, label: label?.label ?? reading.key, unit: label?.unit ?? null };
    });
}

export type SenseValueText = { kind: 'text'; text: string } | { kind: 'yes' } | { kind: 'no' } | { kind: 'empty' };

/** How a module value reads: numbers in the user's locale, booleans as yes/no, structures as JSON. */
export function senseValueText(value: unknown, locale: string): SenseValueText {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: value ? 'yes' : 'no' };
  if (typeof value === 'number') return { kind: 'text', text: new Intl.NumberFormat(locale).format(value) };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return { kind: 'text', text: value.join(', ') };
  }
  return { kind: 'text', text: JSON.stringify(value) };
}
