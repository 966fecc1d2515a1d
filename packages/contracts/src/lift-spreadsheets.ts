// Lifts in spreadsheets (issue 17): the import template, the import itself (upload → preview →
// apply) and the export of the lifts list. Import and template need `lifts.manage` (administrators
// of the lift's own organisation, system-admin); the export needs `lifts.list` and covers exactly
// what the list shows for the same search and criteria.
//
// Import. POST /liftwacht/admin/lift-imports takes multipart/form-data: a `file` part (.csv with
// comma or semicolon, UTF-8 with or without BOM; or .xlsx; the format is decided by content, not by
// name) and an `organisationId` field. At most 20 MB and 50,000 data rows, else 413
// `payload_too_large` / 400 `validation_failed` with a message that says the limit. The first row
// holds the column headers, in Dutch or English (`liftImportColumns`: any of a column's names,
// case, accents, spaces and punctuation ignored); unknown columns are listed and ignored; `name`
// and `address` must be there. The upload is stored (so any node can preview and apply it) and the
// answer is the preview: per row what will happen, matched within the organisation by owner
// number, else by serial number: `create`, `update` (with the changed fields), `unchanged`, or
// `error` with per-field problems. Duplicate keys within the file are errors on every row but the
// first. POST /liftwacht/admin/lift-imports/{id}/apply applies that same file in one transaction —
// all rows or nothing; 422 `unprocessable` while any row has an error, 409 `conflict` when it was
// applied already or a matched lift changed since the preview.
import { z } from 'zod';
import { localeSchema } from './auth.ts';
import { dataOf, idNumberSchema, isoDateTimeSchema } from './common.ts';
import type { LiftField } from './lift-editing.ts';
import { liftListQuerySchema, liftSearchCriteriaSchema } from './lifts.ts';

export const liftImportLimits = { maxBytes: 20 * 1024 * 1024, maxRows: 50_000 } as const;

export const spreadsheetFormats = ['csv', 'xlsx'] as const;
export const spreadsheetFormatSchema = z.enum(spreadsheetFormats);
export type SpreadsheetFormat = z.infer<typeof spreadsheetFormatSchema>;

/**
 * The header names an import recognises for each lift field, Dutch first. The template writes the
 * first name of the user's language. Matching ignores case, accents, spaces and punctuation.
 */
export const liftImportColumns: Record<LiftField, { nl: readonly string[]; en: readonly string[] }> = {
  name: { nl: ['Naam', 'Liftnaam'], en: ['Name', 'Lift name'] },
  address: { nl: ['Adres'], en: ['Address'] },
  postalCode: { nl: ['Postcode'], en: ['Postal code', 'Postcode', 'Zip code'] },
  city: { nl: ['Plaats', 'Woonplaats'], en: ['City', 'Town'] },
  buildingName: { nl: ['Gebouwnaam', 'Gebouw'], en: ['Building name', 'Building'] },
  sbclId: { nl: ['SBCL-id', 'SBCL'], en: ['SBCL id', 'SBCL'] },
  serialNumber: { nl: ['Serienummer'], en: ['Serial number', 'Series number'] },
  ownerNumber: { nl: ['Eigenaarsnummer'], en: ['Owner number'] },
  inspectionNumber: { nl: ['Keuringsnummer'], en: ['Inspection number'] },
  installerNumber: { nl: ['Installateursnummer'], en: ['Installer number'] },
  telephoneNumber: { nl: ['Telefoonnummer'], en: ['Telephone number', 'Phone number'] },
  manufacturerNumber: { nl: ['Fabrieksnummer'], en: ['Manufacturer number'] },
  liftType: { nl: ['Lifttype', 'Type'], en: ['Lift type', 'Type'] },
  hasFlow: { nl: ['Liftflow', 'Flow'], en: ['Lift flow', 'Flow'] },
  maintenanceIntervalDays: {
    nl: ['Onderhoudsinterval (dagen)', 'Onderhoudsinterval'],
    en: ['Maintenance interval (days)', 'Maintenance interval'],
  },
  serviceRideThreshold: {
    nl: ['Ritten tot onderhoud', 'Servicedrempel'],
    en: ['Rides until maintenance', 'Service ride threshold'],
  },
  commissionedOn: { nl: ['In bedrijf sinds', 'Ingebruikname'], en: ['Commissioned on', 'In service since'] },
};

/** GET /liftwacht/admin/lift-imports/template?format=…&language=… (an empty sheet with an example row). */
export const liftImportTemplateQuerySchema = z.object({
  format: spreadsheetFormatSchema.default('xlsx'),
  language: localeSchema.default('nl'),
});
export type LiftImportTemplateQuery = z.infer<typeof liftImportTemplateQuerySchema>;

export const liftImportIdParamSchema = z.object({ id: z.uuid() });

/** Why a cell is refused. `message` is the server's English text; the web translates `code`. */
export const importProblemCodes = [
  'required',
  'too_long',
  'invalid',
  'invalid_date',
  'invalid_number',
  'out_of_range',
  'invalid_boolean',
  'duplicate_in_file',
] as const;
export const importProblemCodeSchema = z.enum(importProblemCodes);
export type ImportProblemCode = z.infer<typeof importProblemCodeSchema>;

export const importProblemSchema = z.object({
  /** The lift field (see liftImportColumns). */
  field: z.string(),
  code: importProblemCodeSchema,
  message: z.string(),
  /** The cell as found in the file, shortened. */
  value: z.string().nullable(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importActions = ['create', 'update', 'unchanged', 'error'] as const;
export const importActionSchema = z.enum(importActions);
export type ImportAction = z.infer<typeof importActionSchema>;

export const importRowSchema = z.object({
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  action: importActionSchema,
  /** The lift an update matched. */
  liftId: z.number().int().nullable(),
  /** Name (or the cell that should have held it) to recognise the row by. */
  name: z.string().nullable(),
  /** For an update: the fields that change. */
  changes: z.array(z.string()),
  problems: z.array(importProblemSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const liftImportPreviewSchema = z.object({
  id: z.uuid(),
  organisationId: z.number().int(),
  fileName: z.string(),
  format: spreadsheetFormatSchema,
  createdAt: isoDateTimeSchema,
  /** Set once applied. */
  appliedAt: isoDateTimeSchema.nullable(),
  /** Lift fields recognised, in column order, and headers that matched no field (ignored). */
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
  counts: z.object({
    rows: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  /** Every data row, in file order. */
  rows: z.array(importRowSchema),
});
export type LiftImportPreview = z.infer<typeof liftImportPreviewSchema>;
export const liftImportPreviewResponseSchema = dataOf(liftImportPreviewSchema);

export const liftImportResultSchema = z.object({
  id: z.uuid(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  appliedAt: isoDateTimeSchema,
});
export type LiftImportResult = z.infer<typeof liftImportResultSchema>;
export const liftImportResultResponseSchema = dataOf(liftImportResultSchema);

/** The multipart field that names the organisation the lifts are imported into. */
export const liftImportOrganisationField = 'organisationId';
export const liftImportOrganisationSchema = idNumberSchema;

/**
 * POST /liftwacht/lift/export: the lifts list as a file, streamed — every lift the list would show
 * for the same organisation, search (GET /lift) or advanced criteria (POST /lift), in the list's
 * sort order, not just one page. Headers in `language`; XLSX dates are real dates. The answer is
 * the file (Content-Disposition: attachment).
 * Formula injection: in both formats a text cell that begins with =, +, -, @, a tab or a carriage
 * return gets a leading apostrophe (so spreadsheet software shows it as text instead of running
 * it), unless it is a plain telephone number — only digits, spaces, + - and parentheses, with at
 * least one digit — which cannot call a function or name a cell and stays as it is
 * ("+31 30 123 4567"). Numbers, dates and yes/no are never changed.
 */
export const liftExportRequestSchema = z.strictObject({
  format: spreadsheetFormatSchema,
  language: localeSchema.default('nl'),
  organisationId: liftListQuerySchema.shape.organisationId,
  search: liftListQuerySchema.shape.search,
  sort: liftListQuerySchema.shape.sort,
  direction: liftListQuerySchema.shape.direction,
  /** The advanced criteria, when the list shows an advanced search. */
  criteria: liftSearchCriteriaSchema.nullish(),
});
export type LiftExportRequest = z.infer<typeof liftExportRequestSchema>;
