// The columns the template and the export write, in the user's language: the import's lift
// fields first (so an export can be imported again), then the export's extra, read-only columns.
// Each column knows its kind, so CSV gets text (yes/no, yyyy-mm-dd) and XLSX real numbers, dates
// and yes/no; and its width in the XLSX sheet.
import { liftFieldNames, type LiftField } from '@liftwacht/contracts/lift-editing';
import type { Lift } from '@liftwacht/contracts/lifts';
import type { Locale } from '@liftwacht/contracts/auth';
import { catalogue, languageOf, type ServerLanguage } from '../../lib/server-i18n.ts';
import { sheetColumn, type ColumnKind, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';
import { headerOf } from './spreadsheet-columns.ts';

const kinds: Partial<Record<LiftField, ColumnKind>> = {
  hasFlow: 'boolean',
  maintenanceIntervalDays: 'integer',
  serviceRideThreshold: 'integer',
  commissionedOn: 'date',
};

const extraColumns = ['esNumber', 'inspectionValidUntil', 'decommissionedOn'] as const;
type ExtraColumn = (typeof extraColumns)[number];

export function liftFieldColumns(language: ServerLanguage): SheetColumn[] {
  return liftFieldNames.map((field) => {
    const header = headerOf(field, language);
    const kind = kinds[field] ?? 'text';
    return sheetColumn(header, kind, field === 'name' || field === 'address' ? 28 : undefined);
  });
}

export function exportColumns(language: ServerLanguage): SheetColumn[] {
  const texts = catalogue(language)['lift-spreadsheets'].extraColumns;
  const extra = extraColumns.map((column): SheetColumn => {
    const kind = column === 'esNumber' ? 'text' : 'date';
    return sheetColumn(texts[column], kind);
  });
  return [...liftFieldColumns(language), ...extra];
}

/** A lift as a row of exportColumns. */
export function exportRow(lift: Lift): ColumnValue[] {
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
  const extra: Record<ExtraColumn, ColumnValue> = {
    esNumber: lift.module?.esNumber ?? null,
    inspectionValidUntil: lift.inspectionValidUntil,
    decommissionedOn: lift.decommissionedOn,
  };
  return [...liftFieldNames.map((field) => fields[field]), ...extraColumns.map((column) => extra[column])];
}

/** The template's example row, in the language. */
export function exampleRow(language: ServerLanguage): ColumnValue[] {
  const example: Record<string, string> = catalogue(language)['lift-spreadsheets'].example;
  const values: Partial<Record<LiftField, ColumnValue>> = {
    hasFlow: true,
    maintenanceIntervalDays: 90,
    serviceRideThreshold: 20_000,
    commissionedOn: '2015-05-01',
  };
  return liftFieldNames.map((field) => values[field] ?? example[field] ?? null);
}

export const spreadsheetLanguage = (locale: Locale): ServerLanguage => languageOf(locale);
