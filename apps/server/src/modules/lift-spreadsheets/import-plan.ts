// What an import will do, row by row: every row converted and checked (import-cells.ts,
// import-records.ts), then matched against the organisation's lifts — by the lift id an export
// writes, else by owner number, else by serial number — to become a create, an update (naming the fields that change), unchanged, or an
// error, with the inspection and maintenance visit it adds. A key that occurs twice in the file,
// or two rows that reach the same lift, make every row but the first an error. Two steps: the
// lifts (buildPlan), then the records against what the matched lifts have (finishPlan), which the
// service looks up in between. The same plan is built for the preview and, again from the stored
// file, for the apply. Both steps are loops over up to 50,000 rows: they give the event loop a turn
// every few milliseconds (lib/batches.ts), so a plan never stalls the server.
import type { LiftField, LiftFields } from '@liftwacht/contracts/lift-editing';
import {
  liftImportLimits,
  type ImportAction,
  type ImportRecord,
  type ImportRow,
  type LiftImportPreview,
  type LiftSheetColumn,
  type UnknownColumn,
} from '@liftwacht/contracts/lift-spreadsheets';
import { badRequest } from '../../lib/app-error.ts';
import { loopTurns } from '../../lib/batches.ts';
import { convertRow } from './import-cells.ts';
import {
  convertRecords,
  resolveRecords,
  type InspectionCandidate,
  type KnownRecords,
  type RowRecords,
} from './import-records.ts';
import { headerOf, mapColumns } from './spreadsheet-columns.ts';
import type { Cell, Sheet } from './spreadsheet-reader.ts';

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

/** A record for a lift: an existing one by id, or the n-th lift the plan creates. */
export type RecordTarget = { liftId: number } | { created: number };
export type PlannedInspection = Omit<InspectionCandidate, 'kindGiven' | 'statedValidUntil'> & { target: RecordTarget };
export interface PlannedVisit {
  target: RecordTarget;
  day: string;
}

export interface ImportPlan {
  columns: LiftSheetColumn[];
  readOnlyColumns: LiftSheetColumn[];
  unknownColumns: UnknownColumn[];
  rows: ImportRow[];
  counts: LiftImportPreview['counts'];
  creates: LiftFields[];
  updates: LiftUpdate[];
  inspections: PlannedInspection[];
  visits: PlannedVisit[];
  /** Every lift a row matched (updated or unchanged) and the version the plan saw. */
  versions: Record<string, number>;
}

/** The lifts' part of the plan, with each row's records still to be checked against its lift. */
export interface DraftPlan {
  columns: ReturnType<typeof mapColumns>;
  rows: DraftRow[];
  versions: Record<string, number>;
}

interface DraftRow {
  row: ImportRow;
  create: LiftFields | null;
  update: LiftUpdate | null;
  records: RowRecords;
}

const requiredColumns: readonly LiftField[] = ['name', 'address'];

/** Owner and serial numbers match ignoring case and surrounding spaces. */
const keyOf = (value: string | null): string | undefined => {
  const key = value?.trim().toLowerCase();
  if (!key) return undefined;
  return key;
};

export async function buildPlan(sheet: Sheet, existing: readonly ExistingLift[]): Promise<DraftPlan> {
  const lastHeader = sheet.headers.findLastIndex((header) => header.trim() !== '');
  if (lastHeader + 1 > liftImportLimits.maxColumns) {
    throw badRequest(
      'validation_failed',
      `The first row names more than ${liftImportLimits.maxColumns} columns; leave out the ones that are not lift data`,
      'file',
    );
  }
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

  const draft: DraftPlan = { columns, rows: [], versions: {} };
  const seenOwners = new Set<string>();
  const seenSerials = new Set<string>();
  const seenLifts = new Set<number>();

  const byId = new Map(existing.map((lift) => [lift.id, lift]));
  const seenIds = new Set<number>();
  const idIndex = columns.indexOf.liftId;

  const turns = loopTurns();
  for (const { row, cells } of sheet.rows) {
    await turns.check();
    const converted = convertRow(columns, cells);
    const records = convertRecords(columns, cells);
    const { fields, problems } = converted;
    problems.push(...records.problems);
    let action: ImportAction = 'error';
    let liftId: number | null = null;
    let changes: LiftField[] = [];
    let create: LiftFields | null = null;
    let update: LiftUpdate | null = null;

    if (fields) {
      const owner = keyOf(fields.ownerNumber);
      const serial = keyOf(fields.serialNumber);
      const byOwnId = idIndex === undefined ? undefined : byId.get(liftIdOf(cells[idIndex]) ?? -1);
      const match = byOwnId ?? (owner ? byOwner.get(owner) : undefined) ?? (serial ? bySerial.get(serial) : undefined);
      const duplicate =
        (byOwnId && seenIds.has(byOwnId.id) ? 'liftId' : undefined) ??
        (owner && seenOwners.has(owner) ? 'ownerNumber' : undefined) ??
        (!owner && serial && seenSerials.has(serial) ? 'serialNumber' : undefined) ??
        (match && seenLifts.has(match.id) ? (owner ? 'ownerNumber' : 'serialNumber') : undefined);
      if (byOwnId) seenIds.add(byOwnId.id);
      if (owner) seenOwners.add(owner);
      if (serial) seenSerials.add(serial);
      if (match) seenLifts.add(match.id);

      if (duplicate) {
        problems.push({
          field: duplicate,
          code: 'duplicate_in_file',
          message:
            duplicate === 'liftId'
              ? 'an earlier row has this lift id'
              : duplicate === 'ownerNumber'
                ? 'an earlier row has this owner number (or the same lift)'
                : 'an earlier row has this serial number (or the same lift)',
          value: duplicate === 'liftId' ? String(byOwnId?.id ?? '') : fields[duplicate],
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
        draft.versions[String(match.id)] = match.version;
        changes = converted.given.filter((field) => fields[field] !== match.fields[field]);
        action = changes.length > 0 ? 'update' : 'unchanged';
        if (action === 'update') {
          const changed: Partial<Record<LiftField, unknown>> = {};
          for (const field of changes) changed[field] = fields[field];
          update = { id: match.id, version: match.version, changes: changed as Partial<LiftFields> };
        }
      } else {
        action = 'create';
        create = fields;
      }
    }
    if (problems.length > 0) action = 'error';
    draft.rows.push({
      row: { row, action, liftId, name: converted.name, changes, records: [], problems },
      create,
      update,
      records,
    });
  }
  return draft;
}

/** The lifts and days whose records finishPlan needs to know. */
export function recordLookups(draft: DraftPlan): {
  liftIds: number[];
  inspectionDays: string[];
  maintenanceDays: string[];
} {
  const liftIds = new Set<number>();
  const inspectionDays = new Set<string>();
  const maintenanceDays = new Set<string>();
  for (const { row, records } of draft.rows) {
    if (row.liftId === null) continue;
    if (records.inspection || records.validUntilOnly !== null) liftIds.add(row.liftId);
    if (records.inspection) inspectionDays.add(records.inspection.inspectedOn);
    if (records.maintenanceOn !== null) {
      liftIds.add(row.liftId);
      maintenanceDays.add(records.maintenanceOn);
    }
  }
  return { liftIds: [...liftIds], inspectionDays: [...inspectionDays], maintenanceDays: [...maintenanceDays] };
}

/** The plan, with each row's records checked against what its lift has. */
export async function finishPlan(draft: DraftPlan, known: KnownRecords, today: string): Promise<ImportPlan> {
  const { columns } = draft;
  const plan: ImportPlan = {
    columns: columns.columns,
    readOnlyColumns: columns.readOnly,
    unknownColumns: columns.unknown,
    rows: [],
    counts: { rows: 0, create: 0, update: 0, unchanged: 0, error: 0, inspections: 0, visits: 0 },
    creates: [],
    updates: [],
    inspections: [],
    visits: [],
    versions: draft.versions,
  };
  const turns = loopTurns();
  for (const { row, create, update, records } of draft.rows) {
    await turns.check();
    let target: RecordTarget | null = null;
    const added: ImportRecord[] = [];
    if (row.action !== 'error') {
      const resolved = resolveRecords(records, row.liftId, known, today);
      row.problems.push(...resolved.problems);
      if (resolved.problems.length > 0) {
        row.action = 'error';
      } else {
        if (create) {
          target = { created: plan.creates.length };
          plan.creates.push(create);
        } else if (row.liftId !== null) {
          target = { liftId: row.liftId };
        }
        if (update) plan.updates.push(update);
        if (target && resolved.inspection) {
          const { inspectedOn, kind, result, validUntil } = resolved.inspection;
          plan.inspections.push({ inspectedOn, kind, result, validUntil, target });
          added.push('inspection');
        }
        if (target && resolved.maintenanceOn !== null) {
          plan.visits.push({ target, day: resolved.maintenanceOn });
          added.push('visit');
        }
      }
    }
    row.records = added;
    plan.counts.rows++;
    plan.counts[row.action]++;
    plan.rows.push(row);
  }
  plan.counts.inspections = plan.inspections.length;
  plan.counts.visits = plan.visits.length;
  return plan;
}

/** The lift id a cell holds (a whole number, as the export writes it), if any. */
function liftIdOf(cell: Cell | undefined): number | undefined {
  const text = cell === null || cell === undefined ? '' : String(cell).trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

const outOfServiceBefore = (lift: ExistingLift, fields: LiftFields): boolean =>
  lift.decommissionedOn !== null && fields.commissionedOn !== null && fields.commissionedOn > lift.decommissionedOn;
