// Creating and editing lifts (issue 17, DESIGN §3 lifts, §7 the write side). Administrators of the
// lift's own organisation and system-admin hold `lifts.manage`; an admin of a maintenance company
// reads its clients' lifts but does not edit them (403).
//
// The fields are the labelled fields of the lift page (spec §3). The same field schema checks every
// row of a spreadsheet import, so a lift is valid in exactly one way whichever door it comes in by.
//
// Edits carry the `version` they started from; a stale one answers 409 `conflict` with the current
// lift (`{ error, current }`). `decommissionedOn` takes the lift out of service from that local day:
// it leaves the current counts once the day has come and every period that starts on or after it;
// everything it recorded stays readable. Setting it back to null returns the lift to service; it
// must not be before `commissionedOn` (400 on `decommissionedOn`).
//
// An owner number (eigenaarsnummer) names one lift within its organisation: a spreadsheet import
// matches rows to lifts by it (else by serial number), so a create or edit that gives a lift an
// owner number another lift of the same organisation already carries answers 409 `conflict` on
// `ownerNumber` (compared exactly, after trimming). Other organisations may use the same number;
// serial numbers may repeat (two manufacturers' series can overlap).
import { z } from 'zod';
import { dataOf, idNumberSchema, isoDateSchema, safeLineSchema } from './common.ts';
import { liftSchema } from './lifts.ts';

/** Upper bounds the form, the import and the server share. */
export const liftFieldLimits = {
  name: 200,
  address: 200,
  postalCode: 20,
  line: 100,
  maintenanceIntervalDays: { min: 1, max: 3650 },
  serviceRideThreshold: { min: 1, max: 100_000_000 },
} as const;

/** Blank optional text means "not known": null. */
const blankToNull = (v: string | null | undefined): string | null =>
  v === undefined || v === null || v === '' ? null : v;

const requiredLine = (max: number) => safeLineSchema(max).trim().min(1);
/** An optional text field: empty or blank means "not known" and is stored as null. */
const optionalLine = (max: number) => safeLineSchema(max).trim().nullish().transform(blankToNull);

/** A telephone number as people write it: digits, spaces, +, -, (, ). */
export const telephoneNumberSchema = safeLineSchema(liftFieldLimits.line)
  .trim()
  .regex(/^[+0-9][0-9 ()-]*$/, 'must be a telephone number (digits, spaces, +, -, parentheses)')
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform(blankToNull);

/** Every editable field of a lift; blank optional text is stored as null. */
const liftFieldShape = {
  name: requiredLine(liftFieldLimits.name),
  address: requiredLine(liftFieldLimits.address),
  postalCode: optionalLine(liftFieldLimits.postalCode),
  city: optionalLine(liftFieldLimits.line),
  buildingName: optionalLine(liftFieldLimits.line),
  sbclId: optionalLine(liftFieldLimits.line),
  serialNumber: optionalLine(liftFieldLimits.line),
  ownerNumber: optionalLine(liftFieldLimits.line),
  inspectionNumber: optionalLine(liftFieldLimits.line),
  installerNumber: optionalLine(liftFieldLimits.line),
  telephoneNumber: telephoneNumberSchema,
  manufacturerNumber: optionalLine(liftFieldLimits.line),
  /** Installation type; null (or empty) = no intercom (alarm phone) fitted. */
  liftType: optionalLine(liftFieldLimits.line),
  hasFlow: z.boolean(),
  maintenanceIntervalDays: z
    .number()
    .int()
    .min(liftFieldLimits.maintenanceIntervalDays.min)
    .max(liftFieldLimits.maintenanceIntervalDays.max),
  serviceRideThreshold: z
    .number()
    .int()
    .min(liftFieldLimits.serviceRideThreshold.min)
    .max(liftFieldLimits.serviceRideThreshold.max),
  commissionedOn: isoDateSchema.nullish().transform((v) => v ?? null),
};

/** The defaults of a new lift (the database's column defaults). */
export const liftFieldDefaults = { hasFlow: false, maintenanceIntervalDays: 90, serviceRideThreshold: 20_000 } as const;

/** A complete lift, as a create sends it and an import row is checked with. */
export const liftFieldsSchema = z.strictObject({
  ...liftFieldShape,
  hasFlow: liftFieldShape.hasFlow.default(liftFieldDefaults.hasFlow),
  maintenanceIntervalDays: liftFieldShape.maintenanceIntervalDays.default(liftFieldDefaults.maintenanceIntervalDays),
  serviceRideThreshold: liftFieldShape.serviceRideThreshold.default(liftFieldDefaults.serviceRideThreshold),
});
export type LiftFields = z.infer<typeof liftFieldsSchema>;
export type LiftFieldsInput = z.input<typeof liftFieldsSchema>;
export type LiftField = keyof LiftFields;
export const liftFieldNames = Object.keys(liftFieldShape) as LiftField[];

/**
 * The words for each lift field, one list for the form, the lift page, the spreadsheet template,
 * the export and the import: `labelKey` is the web's key in the `lifts` namespace (form and lift
 * page), `nl`/`en` the column header a spreadsheet is written with, and `aliases` the other names
 * an import takes for the field (older headers such as "Lifttype" and "In bedrijf sinds", and the
 * shorter label the form shows). An import compares names by normaliseHeader
 * (lift-spreadsheets.ts); the web's tests hold the labels the form and page show to this list.
 */
export const liftFieldLabels = {
  name: { labelKey: 'details.name', nl: 'Naam', en: 'Name', aliases: ['Liftnaam', 'Lift name'] },
  address: { labelKey: 'details.address', nl: 'Adres', en: 'Address', aliases: [] },
  postalCode: { labelKey: 'details.postalCode', nl: 'Postcode', en: 'Postal code', aliases: ['Zip code'] },
  city: { labelKey: 'details.city', nl: 'Plaats', en: 'City', aliases: ['Woonplaats', 'Town'] },
  buildingName: {
    labelKey: 'details.buildingName',
    nl: 'Gebouwnaam',
    en: 'Building name',
    aliases: ['Gebouw', 'Building'],
  },
  sbclId: { labelKey: 'details.sbclId', nl: 'SBCL-id', en: 'SBCL id', aliases: ['SBCL'] },
  serialNumber: {
    labelKey: 'details.serialNumber',
    nl: 'Serienummer',
    en: 'Serial number',
    aliases: ['Series number'],
  },
  ownerNumber: { labelKey: 'details.ownerNumber', nl: 'Eigenaarsnummer', en: 'Owner number', aliases: [] },
  inspectionNumber: {
    labelKey: 'details.inspectionNumber',
    nl: 'Keuringsnummer',
    en: 'Inspection number',
    aliases: [],
  },
  installerNumber: {
    labelKey: 'details.installerNumber',
    nl: 'Installateursnummer',
    en: 'Installer number',
    aliases: [],
  },
  telephoneNumber: {
    labelKey: 'details.telephoneNumber',
    nl: 'Telefoonnummer',
    en: 'Telephone number',
    aliases: ['Phone number'],
  },
  manufacturerNumber: {
    labelKey: 'details.manufacturerNumber',
    nl: 'Fabrieksnummer',
    en: 'Manufacturer number',
    aliases: [],
  },
  liftType: {
    labelKey: 'details.liftType',
    nl: 'Type installatie',
    en: 'Installation type',
    aliases: ['Lifttype', 'Lift type', 'Installatietype', 'Type'],
  },
  hasFlow: { labelKey: 'advanced.hasFlow', nl: 'Liftflow', en: 'Lift flow', aliases: ['Flow'] },
  maintenanceIntervalDays: {
    labelKey: 'details.maintenanceInterval',
    nl: 'Onderhoudsinterval (dagen)',
    en: 'Maintenance interval (days)',
    aliases: ['Onderhoudsinterval', 'Maintenance interval'],
  },
  serviceRideThreshold: {
    labelKey: 'details.serviceRideThreshold',
    nl: 'Ritten tot onderhoud',
    en: 'Rides until maintenance',
    aliases: ['Servicedrempel', 'Service ride threshold'],
  },
  commissionedOn: {
    labelKey: 'details.commissionedOn',
    nl: 'In gebruik genomen',
    en: 'Commissioned',
    aliases: ['In bedrijf sinds', 'Ingebruikname', 'Datum ingebruikname', 'Commissioned on', 'In service since'],
  },
} as const satisfies Record<LiftField, { labelKey: string; nl: string; en: string; aliases: readonly string[] }>;

/** POST /liftwacht/admin/lifts: a new lift of organisationId (own organisation; any for system-admin). */
export const createLiftSchema = liftFieldsSchema.extend({ organisationId: idNumberSchema });
export type CreateLift = z.infer<typeof createLiftSchema>;
export type CreateLiftInput = z.input<typeof createLiftSchema>;

const versionSchema = z.number().int().positive().max(2_147_483_647);

/**
 * PATCH /liftwacht/admin/lifts/{id}: the fields to change (any subset), the version the edit
 * started from, and optionally decommissionedOn (a day, or null to return the lift to service).
 * 409 `conflict` with `current` when the version is stale.
 */
export const updateLiftSchema = z
  .strictObject(liftFieldShape)
  .partial()
  .extend({ decommissionedOn: isoDateSchema.nullable().optional(), version: versionSchema })
  .meta({ description: 'Changed lift fields and the version the edit started from' });
export type UpdateLift = z.infer<typeof updateLiftSchema>;
export type UpdateLiftInput = z.input<typeof updateLiftSchema>;

/** The lift as the form edits it: GET /liftwacht/lift/{id} carries version and decommissionedOn. */
export const editedLiftResponseSchema = dataOf(liftSchema);
