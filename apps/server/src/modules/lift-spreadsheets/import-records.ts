// The record columns of a row — the last inspection (day, kind, result, valid until) and the last
// maintenance visit — as the inspection and visit the row adds to its lift, and what the lift
// already has: a record on the same day (of the same kind, when the row names one) is the same
// record, so an export imported again adds nothing. A record the row contradicts is refused rather
// than changed: the import adds history, it does not rewrite it.
import {
  defaultValidUntil,
  inspectionKinds,
  inspectionResults,
  type InspectionKind,
  type InspectionResult,
} from '@liftwacht/contracts/inspections';
import { normaliseHeader, type ImportProblem, type LiftRecordColumn } from '@liftwacht/contracts/lift-spreadsheets';
import { catalogue } from '../../lib/server-i18n.ts';
import { isBlank, shown, toDay } from './import-cells.ts';
import type { ColumnMap } from './spreadsheet-columns.ts';
import { cellText, type Cell } from './spreadsheet-reader.ts';

export interface InspectionCandidate {
  inspectedOn: string;
  kind: InspectionKind;
  /** Whether the row named the kind (a blank kind is a periodic inspection, and matches any kind). */
  kindGiven: boolean;
  result: InspectionResult;
  /** The validity the new record gets: the row's, else the default; none for a rejection. */
  validUntil: string | null;
  /** The row's valid-until as written, to compare with what the lift has. */
  statedValidUntil: string | null;
}

export interface RowRecords {
  inspection: InspectionCandidate | null;
  /** A valid-until without the inspection's day. */
  validUntilOnly: string | null;
  maintenanceOn: string | null;
  problems: ImportProblem[];
}

/** An inspection the lift has, as the inspections module answers it. */
export interface KnownInspection {
  liftId: number;
  inspectedOn: string;
  kind: string;
  result: string;
  validUntil: string | null;
}

/** What the matched lifts have on the days the file names. */
export interface KnownRecords {
  /** By `liftId:yyyy-MM-dd` (knownByDay). */
  inspections: ReadonlyMap<string, readonly KnownInspection[]>;
  /** The end of each lift's latest approval (what its page shows as "valid until"). */
  latestValidUntil: ReadonlyMap<number, string>;
  /** `liftId:yyyy-MM-dd` of every maintenance visit on a day the file names. */
  maintenanceDays: ReadonlySet<string>;
}

/** Every word a cell may use for a kind or a result: the code, and its words in Dutch and English. */
function vocabulary<T extends string>(codes: readonly T[], words: (language: 'nl' | 'en') => Record<T, string>) {
  const map = new Map<string, T>();
  for (const code of codes) {
    map.set(normaliseHeader(code), code);
    for (const language of ['nl', 'en'] as const) map.set(normaliseHeader(words(language)[code]), code);
  }
  return map;
}

const kindWords = vocabulary(inspectionKinds, (l) => catalogue(l)['lift-spreadsheets'].inspectionKinds);
const resultWords = vocabulary(inspectionResults, (l) => catalogue(l)['lift-spreadsheets'].inspectionResults);
// The short words people write in a sheet of their own.
for (const [word, kind] of [
  ['periodiek', 'periodic_inspection'],
  ['periodic', 'periodic_inspection'],
  ['ingebruikname', 'commissioning_inspection'],
  ['commissioning', 'commissioning_inspection'],
  ['wijziging', 'modification_inspection'],
  ['modification', 'modification_inspection'],
  ['assistentie', 'assistance_inspection'],
  ['assistance', 'assistance_inspection'],
] as const) {
  kindWords.set(word, kind);
}
for (const [word, result] of [
  ['goed', 'approved'],
  ['pass', 'approved'],
  ['fail', 'rejected'],
] as const) {
  resultWords.set(word, result);
}

export function convertRecords(columns: ColumnMap, cells: readonly Cell[]): RowRecords {
  const problems: ImportProblem[] = [];
  const cellOf = (column: LiftRecordColumn): Cell | undefined => {
    const index = columns.indexOf[column];
    return index === undefined ? undefined : cells[index];
  };
  const problem = (field: LiftRecordColumn, code: ImportProblem['code'], message: string) =>
    problems.push({ field, code, message, value: shown(cellOf(field)) });

  const day = (column: LiftRecordColumn): string | null => {
    const cell = cellOf(column);
    if (isBlank(cell)) return null;
    const converted = toDay(cell);
    if ('problem' in converted) {
      problem(column, converted.problem, converted.message);
      return null;
    }
    return converted.value;
  };
  const word = <T extends string>(column: LiftRecordColumn, words: ReadonlyMap<string, T>, what: string) => {
    const cell = cellOf(column);
    if (isBlank(cell)) return null;
    const found = words.get(normaliseHeader(cellText(cell)));
    if (found === undefined) problem(column, 'invalid', `must be ${what}`);
    return found ?? null;
  };

  const inspectedOn = day('lastInspectionOn');
  const stated = day('inspectionValidUntil');
  const kind = word('inspectionKind', kindWords, `a kind of inspection (${inspectionKinds.join(', ')})`);
  const result = word('inspectionResult', resultWords, 'approved or rejected (goedgekeurd/afgekeurd)');
  const maintenanceOn = day('lastMaintenanceOn');
  const failed = problems.length > 0;

  let inspection: InspectionCandidate | null = null;
  let validUntilOnly: string | null = null;
  if (inspectedOn === null && !failed && (kind !== null || result !== null)) {
    problem('lastInspectionOn', 'required', 'the day of the inspection is needed with its kind or result');
  } else if (inspectedOn !== null && result === null && !failed) {
    problem('inspectionResult', 'required', 'the result of the inspection is needed (approved or rejected)');
  } else if (inspectedOn !== null && result !== null && !failed) {
    const chosenKind = kind ?? 'periodic_inspection';
    if (stated !== null && stated < inspectedOn && result === 'approved') {
      problem('inspectionValidUntil', 'invalid', 'must not be before the day of the inspection');
    } else {
      // A rejection has no validity of its own: beside it the column is the approval still standing.
      const validUntil = result === 'rejected' ? null : (stated ?? defaultValidUntil(inspectedOn, chosenKind, result));
      inspection = {
        inspectedOn,
        kind: chosenKind,
        kindGiven: kind !== null,
        result,
        validUntil,
        statedValidUntil: stated,
      };
    }
  } else if (inspectedOn === null && stated !== null) {
    validUntilOnly = stated;
  }
  return { inspection, validUntilOnly, maintenanceOn, problems };
}

/** The lifts' inspections by `liftId:yyyy-MM-dd`, so each row looks up its own in one step. */
export function knownByDay(inspections: readonly KnownInspection[]): Map<string, KnownInspection[]> {
  const byDay = new Map<string, KnownInspection[]>();
  for (const inspection of inspections) {
    const key = `${inspection.liftId}:${inspection.inspectedOn}`;
    byDay.set(key, [...(byDay.get(key) ?? []), inspection]);
  }
  return byDay;
}

export interface ResolvedRecords {
  inspection: InspectionCandidate | null;
  maintenanceOn: string | null;
  problems: ImportProblem[];
}

/**
 * What the row adds to its lift (`liftId` null for a lift the import creates), given what the
 * lift has; `today` keeps records out of the future.
 */
export function resolveRecords(
  records: RowRecords,
  liftId: number | null,
  known: KnownRecords,
  today: string,
): ResolvedRecords {
  const problems: ImportProblem[] = [];
  const { inspection: wanted, validUntilOnly, maintenanceOn } = records;
  const latestValidUntil = liftId === null ? undefined : known.latestValidUntil.get(liftId);
  let inspection: InspectionCandidate | null = null;
  let visit: string | null = null;

  if (validUntilOnly !== null && validUntilOnly !== latestValidUntil) {
    problems.push({
      field: 'lastInspectionOn',
      code: 'required',
      message: 'a valid-until the lift does not have yet needs the day and result of the inspection',
      value: null,
    });
  }
  if (wanted) {
    const onDay = liftId === null ? [] : (known.inspections.get(`${liftId}:${wanted.inspectedOn}`) ?? []);
    const same = onDay.filter((i) => !wanted.kindGiven || i.kind === wanted.kind);
    const validity = wanted.statedValidUntil;
    const agrees = (i: KnownInspection) =>
      i.result === wanted.result &&
      (validity === null || i.result === 'rejected' || validity === i.validUntil || validity === latestValidUntil);
    if (wanted.inspectedOn > today) {
      problems.push({
        field: 'lastInspectionOn',
        code: 'invalid',
        message: 'must not be in the future',
        value: wanted.inspectedOn,
      });
    } else if (same.length === 0) {
      inspection = wanted;
    } else if (!same.some(agrees)) {
      const [recorded] = same;
      problems.push({
        field: recorded && recorded.result !== wanted.result ? 'inspectionResult' : 'inspectionValidUntil',
        code: 'differs_from_record',
        message: `the lift has this inspection (${wanted.inspectedOn}) recorded otherwise (${recorded?.result ?? ''}, valid until ${recorded?.validUntil ?? 'none'}); an import does not change recorded inspections`,
        value: recorded && recorded.result !== wanted.result ? wanted.result : validity,
      });
    }
  }
  if (maintenanceOn !== null) {
    if (maintenanceOn > today) {
      problems.push({
        field: 'lastMaintenanceOn',
        code: 'invalid',
        message: 'must not be in the future',
        value: maintenanceOn,
      });
    } else if (liftId === null || !known.maintenanceDays.has(`${liftId}:${maintenanceOn}`)) {
      visit = maintenanceOn;
    }
  }
  return { inspection, maintenanceOn: visit, problems };
}
