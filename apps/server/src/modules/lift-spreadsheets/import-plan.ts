// What an import will do, row by row: every row converted and checked (import-cells.ts), then
// matched against the organisation's lifts — by owner number, else by serial number — to become a
// create, an update (naming the fields that change), unchanged, or an error. A key that occurs
// twice in the file, or two rows that reach the same lift, make every row but the first an error.
// The same plan is built for the preview and, again from the stored file, for the apply.
import type { LiftField, LiftFields } from '@liftwacht/contracts/lift-editing';
import type { ImportAction, ImportRow, LiftImportPreview } from '@liftwacht/contracts/lift-spreadsheets';
import { badRequest } from '../../lib/app-error.ts';
import { convertRow } from './import-cells.ts';
import { headerOf, mapColumns } from './spreadsheet-columns.ts';
import type { Sheet } from './spreadsheet-reader.ts';

/** A lift of the organisation as liftWrites.fieldsOf describes it. */
export interface ExistingLift {
  id: number;
  version: number;
  decommissionedOn: string | null;
  fields: LiftFields;
}

export interface LiftUpdate {
  id: number;
  version: number;
  changes: Partial<LiftFields>;
}

export interface ImportPlan {
  columns: LiftField[];
  ignoredColumns: string[];
  rows: ImportRow[];
  counts: LiftImportPreview['counts'];
  creates: LiftFields[];
  updates: LiftUpdate[];
  /** Every lift a row matched (updated or unchanged) and the version the plan saw. */
  versions: Record<string, number>;
}

const requiredColumns: readonly LiftField[] = ['name', 'address'];

/** Owner and serial numbers match ignoring case and surrounding spaces. */
const keyOf = (value: string | null): string | undefined => {
  const key = value?.trim().toLowerCase();
  if (!key) return undefined;
  return key;
};

export function buildPlan(sheet: Sheet, existing: readonly ExistingLift[]): ImportPlan {
  const columns = mapColumns(sheet.headers);
  const missing = requiredColumns.filter((field) => columns.indexOf[field] === undefined);
  if (missing.length > 0) {
    const names = missing.map((field) => `"${headerOf(field, 'nl')}" / "${headerOf(field, 'en')}"`).join(' and ');
    throw badRequest('validation_failed', `The first row must name the columns ${names}`, 'file');
  }

  const byOwner = new Map<string, ExistingLift>();
  const bySerial = new Map<string, ExistingLift>();
  // Lowest id first: when numbers repeat among existing lifts, the oldest lift is the match.
  for (const lift of [...existing].sort((a, b) => b.id - a.id)) {
    const owner = keyOf(lift.fields.ownerNumber);
    const serial = keyOf(lift.fields.serialNumber);
    if (owner) byOwner.set(owner, lift);
    if (serial) bySerial.set(serial, lift);
  }

  const plan: ImportPlan = {
    columns: columns.fields,
    ignoredColumns: columns.ignored,
    rows: [],
    counts: { rows: 0, create: 0, update: 0, unchanged: 0, error: 0 },
    creates: [],
    updates: [],
    versions: {},
  };
  const seenOwners = new Set<string>();
  const seenSerials = new Set<string>();
  const seenLifts = new Set<number>();

  for (const { row, cells } of sheet.rows) {
    const converted = convertRow(columns, cells);
    const { fields, problems } = converted;
    let action: ImportAction = 'error';
    let liftId: number | null = null;
    let changes: LiftField[] = [];

    if (fields) {
      const owner = keyOf(fields.ownerNumber);
      const serial = keyOf(fields.serialNumber);
      const match = (owner ? byOwner.get(owner) : undefined) ?? (serial ? bySerial.get(serial) : undefined);
      const duplicate =
        (owner && seenOwners.has(owner) ? 'ownerNumber' : undefined) ??
        (!owner && serial && seenSerials.has(serial) ? 'serialNumber' : undefined) ??
        (match && seenLifts.has(match.id) ? (owner ? 'ownerNumber' : 'serialNumber') : undefined);
      if (owner) seenOwners.add(owner);
      if (serial) seenSerials.add(serial);
      if (match) seenLifts.add(match.id);

      if (duplicate) {
        problems.push({
          field: duplicate,
          code: 'duplicate_in_file',
          message:
            duplicate === 'ownerNumber'
              ? 'an earlier row has this owner number (or the same lift)'
              : 'an earlier row has this serial number (or the same lift)',
          value: fields[duplicate],
        });
      } else if (match && outOfServiceBefore(match, fields)) {
        // liftWrites refuses this too; said here, the preview shows it on its row.
        problems.push({
          field: 'commissionedOn',
          code: 'invalid',
          message: `must not be after the day the lift was decommissioned (${match.decommissionedOn ?? ''})`,
          value: fields.commissionedOn,
        });
      } else if (match) {
        liftId = match.id;
        plan.versions[String(match.id)] = match.version;
        changes = converted.given.filter((field) => fields[field] !== match.fields[field]);
        action = changes.length > 0 ? 'update' : 'unchanged';
        if (action === 'update') {
          const changed: Partial<Record<LiftField, unknown>> = {};
          for (const field of changes) changed[field] = fields[field];
          plan.updates.push({ id: match.id, version: match.version, changes: changed as Partial<LiftFields> });
        }
      } else {
        action = 'create';
        plan.creates.push(fields);
      }
    }

    plan.counts.rows++;
    plan.counts[action]++;
    plan.rows.push({ row, action, liftId, name: converted.name, changes, problems });
  }
  return plan;
}

const outOfServiceBefore = (lift: ExistingLift, fields: LiftFields): boolean =>
  lift.decommissionedOn !== null && fields.commissionedOn !== null && fields.commissionedOn > lift.decommissionedOn;
