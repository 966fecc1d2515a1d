// The before/after of an audit entry as rows a person can read: one row per changed field.

export interface DiffRow {
  /** The field's path, nested objects joined with dots (`roles`, `address.city`). */
  field: string;
  /** The value as text; null when the field was absent on that side. */
  before: string | null;
  after: string | null;
}

type Flat = Map<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map((item) => String(item)).join(', ');
  }
  return JSON.stringify(value);
}

function flatten(value: unknown, prefix: string, into: Flat): Flat {
  if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== undefined && !(value === null && prefix === '')) {
    // A bare value (not an object) is one field without a name.
    into.set(prefix, asText(value));
  }
  return into;
}

/** Fields whose value differs between before and after, in the order they first appear. */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const old = flatten(before, '', new Map());
  const now = flatten(after, '', new Map());
  const fields = [...new Set([...old.keys(), ...now.keys()])];
  return fields
    .map((field) => ({ field, before: old.get(field) ?? null, after: now.get(field) ?? null }))
    .filter((row) => row.before !== row.after);
}
