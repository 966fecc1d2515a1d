// Inspections recorded on a lift (issue 18, DESIGN §3 inspections, §4 inspection timing). An
// inspection company serving the lift's organisation (organisation type `inspection` with an
// access grant), the lift organisation's administrators and system-admin record them with
// `inspections.record`: POST /lift/{id}/inspections as multipart/form-data (the fields below and an
// optional `certificate` PDF of at most 10 MB, checked by its content). A role without the
// permission answers 403, a lift outside the scope 404, an administrator of another kind of
// organisation reaching the lift through a grant 403.
//
// DESIGN §4: the first inspection is due within 12 months of commissioning, then every 18 months;
// an approval is valid for 18 months (`defaultValidUntil`), which the form pre-fills and the
// inspector may change. A rejected inspection has no validity of its own.
import { z } from 'zod';
import {
  dataOf,
  idSchema,
  isoDateSchema,
  pageLimitSchema,
  pageOffsetSchema,
  paginationSchema,
  safeTextSchema,
} from './common.ts';

export const inspectionKinds = [
  'commissioning_inspection',
  'modification_inspection',
  'periodic_inspection',
  'assistance_inspection',
] as const;
export const inspectionKindSchema = z.enum(inspectionKinds);
export type InspectionKind = z.infer<typeof inspectionKindSchema>;

export const inspectionResults = ['approved', 'rejected'] as const;
export const inspectionResultSchema = z.enum(inspectionResults);
export type InspectionResult = z.infer<typeof inspectionResultSchema>;

export const inspectionLimits = {
  findings: 4000,
  /** The certificate PDF. */
  certificateBytes: 10 * 1024 * 1024,
} as const;

/** The multipart field names of the record request. */
export const inspectionCertificateField = 'certificate';

export const validityMonths = 18;
export const firstInspectionMonths = 12;

/** A yyyy-MM-dd day plus whole months; the 31st of a shorter month becomes its last day. */
export function addMonthsToDay(day: string, months: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The valid-until an inspection gets unless the inspector says otherwise: an approval is valid for
 * 18 months; an assistance inspection confirms the validity there is and a rejection has none.
 */
export function defaultValidUntil(inspectedOn: string, kind: InspectionKind, result: InspectionResult): string | null {
  if (result !== 'approved' || kind === 'assistance_inspection') return null;
  return addMonthsToDay(inspectedOn, validityMonths);
}

/** When the next inspection is due: the latest approval's end, or 12 months after commissioning. */
export function nextInspectionDue(latestValidUntil: string | null, commissionedOn: string | null): string | null {
  if (latestValidUntil) return latestValidUntil;
  return commissionedOn ? addMonthsToDay(commissionedOn, firstInspectionMonths) : null;
}

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);

/**
 * The text fields of the record request (multipart fields are strings). `validUntil` left out or
 * empty takes `defaultValidUntil`; findings are required for a rejection.
 */
export const recordInspectionFieldsSchema = z
  .object({
    inspectedOn: isoDateSchema,
    kind: inspectionKindSchema,
    result: inspectionResultSchema,
    findings: safeTextSchema(inspectionLimits.findings).nullish().transform(blankToNull),
    validUntil: isoDateSchema.nullish().or(z.literal('').transform(() => null)),
  })
  .superRefine((v, ctx) => {
    if (v.result === 'rejected' && !v.findings) {
      ctx.addIssue({ code: 'custom', path: ['findings'], message: 'a rejection needs its findings' });
    }
    if (v.validUntil && v.validUntil < v.inspectedOn) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'must not be before inspectedOn' });
    }
  });
export type RecordInspectionFields = z.infer<typeof recordInspectionFieldsSchema>;

export const inspectionSchema = z.object({
  id: z.number().int(),
  liftId: z.number().int(),
  inspectedOn: isoDateSchema,
  kind: inspectionKindSchema,
  result: inspectionResultSchema,
  findings: z.string().nullable(),
  validUntil: isoDateSchema.nullable(),
  /** The inspection body (seeded history) or the recording organisation's name. */
  body: z.string().nullable(),
  certificate: z.object({ fileName: z.string(), bytes: z.number().int() }).nullable(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

export const inspectionResponseSchema = z.object({ data: inspectionSchema });

export const liftInspectionsQuerySchema = z.object({ limit: pageLimitSchema(20, 100), offset: pageOffsetSchema });
export type LiftInspectionsQuery = z.infer<typeof liftInspectionsQuerySchema>;

/** GET /lift/{id}/inspections, newest first, with when the next inspection is due (DESIGN §4). */
export const liftInspectionsResponseSchema = dataOf(
  z.object({
    items: z.array(inspectionSchema),
    pagination: paginationSchema,
    total: z.number().int(),
    nextDue: isoDateSchema.nullable(),
  }),
);
export type LiftInspectionsResponse = z.infer<typeof liftInspectionsResponseSchema>;

export const inspectionIdParamSchema = z.object({ inspectionId: idSchema });
