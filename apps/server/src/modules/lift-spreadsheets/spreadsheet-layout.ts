// The columns the template and the export write, in the user's language: the import's lift
// fields first, then the record columns (last inspection, last maintenance visit), and in the
// export the read-only columns the portal keeps — every header from the contract's one list, so an
// export is imported again as it is. Each column knows its kind, so CSV gets text (yes/no,
// yyyy-mm-dd) and XLSX real numbers, dates and yes/no; and its width in the XLSX sheet.
import { liftFieldNames, type LiftField } from '@liftwacht/contracts/lift-editing';
import type { Locale } from '@liftwacht/contracts/auth';
import {
  liftRecordColumns,
  type LiftReadOnlyColumn,
  type LiftRecordColumn,
  type LiftSheetColumn,
} from '@liftwacht/contracts/lift-spreadsheets';
import { catalogue, languageOf, type ServerLanguage } from '../../lib/server-i18n.ts';
import { sheetColumn, type ColumnKind, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';
import type { LiftWithRecords } from '../lifts/lift-export-rows.ts';
import { headerOf } from './spreadsheet-columns.ts';

const kinds: Partial<Record<LiftSheetColumn, ColumnKind>> = {
  hasFlow: 'boolean',
  maintenanceIntervalDays: 'integer',
  serviceRideThreshold: 'integer',
  commissionedOn: 'date',
  lastInspectionOn: 'date',
  inspectionValidUntil: 'date',
  lastMaintenanceOn: 'date',
  decommissionedOn: 'date',
  liftId: 'integer',
};

/** The export's read-only columns (the last change is the lift page's, not the export's); the id last, as a key. */
const exportReadOnly = ['esNumber', 'decommissionedOn', 'liftId'] as const satisfies readonly LiftReadOnlyColumn[];

const column = (key: LiftSheetColumn, language: ServerLanguage): SheetColumn =>
  sheetColumn(headerOf(key, language), kinds[key] ?? 'text', key === 'name' || key === 'address' ? 28 : undefined);

/** The template's columns: what an import takes. */
export function templateColumns(language: ServerLanguage): SheetColumn[] {
  return [...liftFieldNames, ...liftRecordColumns].map((key) => column(key, language));
}

export function exportColumns(language: ServerLanguage): SheetColumn[] {
  return [...liftFieldNames, ...liftRecordColumns, ...exportReadOnly].map((key) => column(key, language));
}

/** A lift as a row of exportColumns. */
export function exportRow({ lift, facts }: LiftWithRecords, language: ServerLanguage): ColumnValue[] {
  const d = lift.details;
  const fields: Record<LiftField, ColumnValue> = {
    name: d.liftname ?? null,
    address: d.address ?? null,
    postalCode: d.postalCode,
    city: d.city,
    buildingName: d.buildingName,
    sbclId: d.sbclId,
    serialNumber: d.serialNumber,
    ownerNumber: d.ownerNumber,
    inspectionNumber: d.inspectionNumber,
    installerNumber: d.installerNumber,
    telephoneNumber: d.telephoneNumber,
    manufacturerNumber: d.manufacturerNumber,
    liftType: lift.liftType,
    hasFlow: lift.hasFlow,
    maintenanceIntervalDays: lift.maintenanceIntervalDays,
    serviceRideThreshold: lift.serviceRideThreshold,
    commissionedOn: lift.commissionedOn,
  };
  const words = catalogue(language)['lift-spreadsheets'];
  const last = facts.lastInspection;
  const records: Record<LiftRecordColumn, ColumnValue> = {
    lastInspectionOn: last?.inspectedOn ?? null,
    inspectionKind: last ? words.inspectionKinds[last.kind] : null,
    inspectionResult: last ? words.inspectionResults[last.result] : null,
    // As the lift page shows it: the end of the latest approval.
    inspectionValidUntil: lift.inspectionValidUntil,
    lastMaintenanceOn: facts.lastMaintenanceOn ?? null,
  };
  const readOnly: Record<(typeof exportReadOnly)[number], ColumnValue> = {
    esNumber: lift.module?.esNumber ?? null,
    decommissionedOn: lift.decommissionedOn,
    liftId: lift.id,
  };
  return [
    ...liftFieldNames.map((field) => fields[field]),
    ...liftRecordColumns.map((key) => records[key]),
    ...exportReadOnly.map((key) => readOnly[key]),
  ];
}

/** The template's example row, in the language. */
export function exampleRow(language: ServerLanguage): ColumnValue[] {
  const words = catalogue(language)['lift-spreadsheets'];
  const example: Record<string, string> = words.example;
  const values: Partial<Record<LiftSheetColumn, ColumnValue>> = {
    hasFlow: true,
    maintenanceIntervalDays: 90,
    serviceRideThreshold: 20_000,
    commissionedOn: '2015-05-01',
    lastInspectionOn: '2025-04-14',
    inspectionKind: words.inspectionKinds.periodic_inspection,
    inspectionResult: words.inspectionResults.approved,
    inspectionValidUntil: '2026-10-14',
    lastMaintenanceOn: '2025-09-02',
  };
  return [...liftFieldNames, ...liftRecordColumns].map((key) => values[key] ?? example[key] ?? null);
}

export const spreadsheetLanguage = (locale: Locale): ServerLanguage => languageOf(locale);
