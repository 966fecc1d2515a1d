// The last provisioning (config) message as label/value lines. Its shape is the module's, not
// ours, so nothing is assumed: nested objects become dotted keys, lists comma-separated values.

export interface ProvisioningEntry {
  key: string;
  value: string;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

export function provisioningEntries(message: Record<string, unknown>, prefix = ''): ProvisioningEntry[] {
  return Object.entries(message).flatMap(([name, value]) => {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (Array.isArray(value)) return [{ key, value: value.map(valueText).join(', ') }];
    if (typeof value === 'object' && value !== null) return provisioningEntries(value as Record<string, unknown>, key);
    return [{ key, value: valueText(value) }];
  });
}
