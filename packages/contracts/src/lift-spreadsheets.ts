// Lifts in spreadsheets (issue 17): the import template, the import itself (upload → preview →
// apply) and the export of the lifts list. Import and template need `lifts.manage` (administrators
// of the lift's own organisation, system-admin); the export needs `lifts.list` and covers exactly
// what the list shows for the same search and criteria.
//
// Import. POST /liftwacht/admin/lift-imports takes multipart/form-data: a `file` part (.csv with
// comma or semicolon, UTF-8 with or without BOM; or .xlsx; the format is decided by content, not by
// name) and an `organisationId` field. At most 20 MB, 50,000 data rows and 200 columns (and the
// other `liftImportLimits`), else 413 `payload_too_large` / 400 `validation_failed` with a message
// that says the limit; the file is read once, off the server's main thread. The first row
// holds the column headers, in Dutch or English: the words of the form, the lift page and the
// export, or an older name (`liftSheetColumnLabels`; case, accents, spaces and punctuation
// ignored); `name` and `address` must be there. A header that matches nothing is an unknown column,
// with the closest known name as a suggestion; the apply refuses until the request names it in
// `ignoreColumns`. The rows read are stored (so any node can preview and apply them; the file
// itself is not kept) for 24 hours after the upload or the apply, then deleted: a preview or apply
// of an import that old answers 404 `not_found`. The answer to the upload is
// the preview: per row what will happen, matched within the organisation by owner number, else by
// serial number: `create`, `update` (with the changed fields), `unchanged`, or `error` with
// per-field problems, and the records the row adds (its last inspection, its last maintenance
// visit; one the lift already has is not added again). Duplicate keys within the file are errors
// on every row but the first. POST /liftwacht/admin/lift-imports/{id}/apply applies that same file
// in one transaction — all rows or nothing; 422 `unprocessable` while any row has an error or an
// unknown column is not ignored, 409 `conflict` when it was applied already or a matched lift
// changed since the preview. A file that changes nothing (an export imported again) writes nothing.
import { z } from 'zod';
// Levenshtein distance (insert, delete, replace one character) for the closest-column suggestion.
import { distance as editDistance } from 'fastest-levenshtein';
import { localeSchema } from './auth.ts';
import { dataOf, idNumberSchema, isoDateTimeSchema } from './common.ts';
import { liftFieldLabels, liftFieldNames, type LiftField } from './lift-editing.ts';
import { liftListQuerySchema, liftSearchCriteriaSchema } from './lifts.ts';

/**
 * What an upload may hold, enforced while the file is read (the reading stops at the first thing
 * beyond a limit, with 413 `payload_too_large` for sizes and 400 `validation_failed` otherwise, the
 * message naming the limit): 20 MB; 50,000 data rows with content; 200 columns; a header of at most
 * 200 characters and any other cell of at most 1,000 (the longest lift field takes 200, so a longer
 * cell is never lift data); a CSV record of at most 200,000 characters; at most 1,048,576 rows
 * counting blank ones in an XLSX (Excel's own last row) and 200,000 in a CSV (the parser takes
 * ~20 µs a record, blank or not, so a million blank lines would cost the reading thread 20–60 s;
 * four times the data rows leaves room for any blank lines a real export has). An XLSX is a zip: at most 10,000 parts, each inflating
 * to at most 100 MiB and all together to 150 MiB (declared sizes checked before inflating, actual
 * bytes while inflating), and at most 1,000,000 shared strings. So the preview's unknown columns
 * are at most 200 headers of at most 200 characters; the web lists the first 20 one by one and
 * counts the rest (the apply must name every one, so the answer keeps them all).
 */
export const liftImportLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 50_000,
  maxColumns: 200,
  headerLength: 200,
  cellLength: 1_000,
  recordLength: 200_000,
  maxRowNumber: 1_048_576,
  maxCsvRowNumber: 200_000,
  maxZipEntries: 10_000,
  maxPartBytes: 100 * 1024 * 1024,
  maxInflatedBytes: 150 * 1024 * 1024,
  maxSharedStrings: 1_000_000,
  listedUnknownColumns: 20,
} as const;

/** An import is kept this long after its upload, or after its apply, then deleted. */
export const liftImportKeptHours = 24;

export const spreadsheetFormats = ['csv', 'xlsx'] as const;
export const spreadsheetFormatSchema = z.enum(spreadsheetFormats);
export type SpreadsheetFormat = z.infer<typeof spreadsheetFormatSchema>;

/**
 * The columns besides the lift's own fields. Records: the last inspection (day, kind, result, valid
 * until) and the last maintenance visit, which an import turns into an inspection and a visit of
 * the lift. Read-only: what the export and the lift page show but only the portal sets (the lift's
 * id, the fitted module, the decommissioning day, the last change); an import recognises them and
 * leaves them be, but for matching on the id.
 */
export const liftRecordColumns = [
  'lastInspectionOn',
  'inspectionKind',
  'inspectionResult',
  'inspectionValidUntil',
  'lastMaintenanceOn',
] as const;
export type LiftRecordColumn = (typeof liftRecordColumns)[number];
/**
 * `liftId` is the portal's number of the lift: the export writes it, and an import matches a row
 * by it first (a number no lift of the organisation has is passed over), so a lift without owner
 * or serial number comes back to itself. The others only the portal sets.
 */
export const liftReadOnlyColumns = ['liftId', 'esNumber', 'decommissionedOn', 'updatedAt'] as const;
export type LiftReadOnlyColumn = (typeof liftReadOnlyColumns)[number];
export type LiftSheetColumn = LiftField | LiftRecordColumn | LiftReadOnlyColumn;

export interface LiftSheetColumnLabel {
  /** The web's label key in the `lifts` namespace, where the lift page shows the column. */
  labelKey?: string;
  nl: string;
  en: string;
  aliases: readonly string[];
}

/**
 * Every column a lift spreadsheet may have, with its header in Dutch and English and the other
 * names an import takes (the lift fields' words are liftFieldLabels). The template writes the lift
 * fields and the record columns, the export all of them but the last change.
 */
export const liftSheetColumnLabels = {
  ...liftFieldLabels,
  lastInspectionOn: {
    labelKey: 'details.lastInspection',
    nl: 'Laatste keuring',
    en: 'Last inspection',
    aliases: ['Datum laatste keuring', 'Datum keuring', 'Keuringsdatum', 'Last inspection date', 'Inspection date'],
  },
  inspectionKind: {
    nl: 'Soort keuring',
    en: 'Kind of inspection',
    aliases: ['Soort laatste keuring', 'Keuringssoort', 'Type keuring', 'Inspection kind', 'Inspection type'],
  },
  inspectionResult: {
    nl: 'Keuringsresultaat',
    en: 'Inspection result',
    aliases: ['Resultaat keuring', 'Resultaat laatste keuring', 'Last inspection result'],
  },
  inspectionValidUntil: {
    labelKey: 'details.inspectionValidUntil',
    nl: 'Keuring geldig tot',
    en: 'Inspection valid until',
    aliases: ['Goedkeuring geldig tot', 'Approval valid until', 'Valid until', 'Geldig tot'],
  },
  lastMaintenanceOn: {
    nl: 'Laatste onderhoudsbezoek',
    en: 'Last maintenance visit',
    aliases: ['Laatste onderhoud', 'Datum laatste onderhoud', 'Last maintenance', 'Last maintenance date'],
  },
  liftId: { nl: 'Lift-id', en: 'Lift ID', aliases: ['Liftnummer', 'Lift number'] },
  esNumber: { labelKey: 'details.module', nl: 'ES-nummer', en: 'ES number', aliases: ['Module', 'Sense-module'] },
  decommissionedOn: {
    nl: 'Uit dienst sinds',
    en: 'Decommissioned on',
    // The words before docs/glossary.md: exports made then still import.
    aliases: ['Uit dienst genomen', 'Buiten bedrijf sinds', 'Buiten bedrijf gesteld', 'Decommissioned'],
  },
  updatedAt: { labelKey: 'details.updatedAt', nl: 'Laatste wijziging', en: 'Last change', aliases: ['Last changed'] },
} as const satisfies Record<LiftSheetColumn, LiftSheetColumnLabel>;

/** Every column, in the order the export writes them. */
export const liftSheetColumns: readonly LiftSheetColumn[] = [
  ...liftFieldNames,
  ...liftRecordColumns,
  ...liftReadOnlyColumns,
];

/**
 * A header as compared: lower case, accents dropped, and only letters and digits kept, so
 * "Onderhoudsinterval (dagen)", "onderhouds-interval dagen" and "ONDERHOUDSINTERVAL_DAGEN" agree.
 */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Every name of every column, normalised: the header, both languages and the aliases. */
export const liftSheetColumnNames: ReadonlyMap<string, LiftSheetColumn> = new Map(
  liftSheetColumns.flatMap((column) => {
    const { nl, en, aliases } = liftSheetColumnLabels[column];
    return [nl, en, ...aliases].map((name): [string, LiftSheetColumn] => [normaliseHeader(name), column]);
  }),
);

/** Longer headers are compared by their start: a suggestion needs no more, and the cost stays bounded. */
const suggestionLength = 60;

/**
 * The known column a header that matched none most likely meant, and the name it is closest to:
 * the name it contains or that contains it, else the least edit distance, when that is at most
 * half the longer name (so "Opmerkingen" suggests nothing rather than something absurd).
 */
export function closestColumn(header: string): { column: LiftSheetColumn; label: string } | null {
  const wanted = normaliseHeader(header).slice(0, suggestionLength);
  if (wanted.length < 3) return null;
  let best: { column: LiftSheetColumn; label: string; distance: number } | null = null;
  for (const column of liftSheetColumns) {
    const { nl, en, aliases } = liftSheetColumnLabels[column];
    for (const name of [nl, en, ...aliases]) {
      const known = normaliseHeader(name);
      const contained = known.length >= 4 && (wanted.includes(known) || known.includes(wanted));
      // Of the names it contains (or that contain it), the one nearest its length.
      const distance = contained ? Math.abs(wanted.length - known.length) / 1000 : editDistance(wanted, known);
      if (distance <= Math.floor(Math.max(wanted.length, known.length) / 2) && (!best || distance < best.distance)) {
        best = { column, label: name, distance };
      }
    }
  }
  return best && { column: best.column, label: best.label };
}

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
  'differs_from_record',
] as const;
export const importProblemCodeSchema = z.enum(importProblemCodes);
export type ImportProblemCode = z.infer<typeof importProblemCodeSchema>;

export const importProblemSchema = z.object({
  /** The column (a LiftSheetColumn: a lift field or a record column). */
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

export const importRecords = ['inspection', 'visit'] as const;
export const importRecordSchema = z.enum(importRecords);
export type ImportRecord = z.infer<typeof importRecordSchema>;

/**
 * A header that names no known column (or a column already named further left): the import
 * leaves it out only once the apply names it in `ignoreColumns`. `suggestion` is the known column
 * the header most likely meant and the name it is closest to.
 */
export const unknownColumnSchema = z.object({
  /** The header as written, trimmed (a longer one is refused on upload): what `ignoreColumns` repeats. */
  header: z.string().max(liftImportLimits.headerLength),
  /** Its position, 1 for the first column. */
  position: z.number().int(),
  reason: z.enum(['unknown', 'duplicate']),
  suggestion: z.object({ column: z.string(), label: z.string() }).nullable(),
});
export type UnknownColumn = z.infer<typeof unknownColumnSchema>;

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
  /** The records the row adds to its lift: its last inspection, its last maintenance visit. */
  records: z.array(importRecordSchema),
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
  /** The columns recognised (LiftSheetColumn), in file order; the read-only ones among them are not imported. */
  columns: z.array(z.string()),
  readOnlyColumns: z.array(z.string()),
  /** Headers that match nothing: the apply refuses until each is named in `ignoreColumns`. */
  unknownColumns: z.array(unknownColumnSchema).max(liftImportLimits.maxColumns),
  counts: z.object({
    rows: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
    /** Inspections and maintenance visits the apply adds (a record the lift has already is not counted). */
    inspections: z.number().int(),
    visits: z.number().int(),
  }),
  /** Every data row, in file order. */
  rows: z.array(importRowSchema),
});
export type LiftImportPreview = z.infer<typeof liftImportPreviewSchema>;
export const liftImportPreviewResponseSchema = dataOf(liftImportPreviewSchema);

/**
 * POST /liftwacht/admin/lift-imports/{id}/apply: the headers of the preview's unknown columns the
 * user chose to leave out, as the preview wrote them. Without all of them the apply answers 422 on
 * `ignoreColumns`. No body is the same as none ignored.
 */
export const liftImportApplySchema = z.strictObject({
  ignoreColumns: z.array(z.string().max(liftImportLimits.headerLength)).max(liftImportLimits.maxColumns).default([]),
});
export type LiftImportApply = z.infer<typeof liftImportApplySchema>;
export type LiftImportApplyInput = z.input<typeof liftImportApplySchema>;

export const liftImportResultSchema = z.object({
  id: z.uuid(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  inspections: z.number().int(),
  visits: z.number().int(),
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
