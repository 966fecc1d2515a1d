// PDF reports (spec §7 POST /report/pdf). The answer is the PDF itself, not a JSON envelope; errors
// are the usual { error: { code, message, field } } envelope.
import { z } from 'zod';
import { dataOf, idNumberSchema, isoDateSchema, isoDateTimeSchema } from './common.ts';

const isDate = (value: unknown): value is string => isoDateSchema.safeParse(value).success;

/** from ≤ to and at most maxReportPeriodYears long; a malformed date is reported on its own field. */
function refinePeriod(body: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isDate(body.from) || !isDate(body.to)) return;
  if (body.to < body.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  } else if (body.to >= reportPeriodLimit(body.from)) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `the period may be at most ${maxReportPeriodYears} years long`,
    });
  }
}

export const reportTypes = ['organisation'] as const;
export const reportTypeSchema = z.enum(reportTypes);
export type ReportType = z.infer<typeof reportTypeSchema>;

/** A report covers at most this many years (from + 5 years, exclusive). */
export const maxReportPeriodYears = 5;

/** The first day after the longest period that starts on `from`; calendar arithmetic in UTC. */
export function reportPeriodLimit(from: string): string {
  const [y = 0, m = 1, d = 1] = from.split('-').map(Number);
  const limit = new Date(Date.UTC(y + maxReportPeriodYears, m - 1, d));
  // 29 February + 5 years has no 29 February: Date rolls over to 1 March, which keeps 28 February in.
  return limit.toISOString().slice(0, 10);
}

export const reportPdfRequestSchema = z
  .object({
    subjectId: z
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .describe('The organisation the report is about (an organisation id from GET /organisation)'),
    report: reportTypeSchema.describe('Report type; only "organisation" exists'),
    from: isoDateSchema.describe('First day of the period, yyyy-MM-dd (Europe/Amsterdam), inclusive'),
    to: isoDateSchema.describe(
      `Last day of the period, yyyy-MM-dd, inclusive; not before from, and at most ${maxReportPeriodYears} years after it`,
    ),
  })
  .superRefine(refinePeriod)
  .describe(
    `Period from..to inclusive (to ≥ from, at most ${maxReportPeriodYears} years). ` +
      'Answers application/pdf as an attachment named liftwacht-{report}-report-{subjectId}.pdf, in the user’s language.',
  );
export type ReportPdfRequest = z.infer<typeof reportPdfRequestSchema>;

/** The PDF answer in OpenAPI: a binary body. */
export const reportPdfResponseSchema = z.string().meta({ format: 'binary' }).describe('The PDF document');

/** The attachment name the server sends and the web app saves (spec §7). */
export function reportFileName(report: ReportType, subjectId: number): string {
  return `liftwacht-${report}-report-${subjectId}.pdf`;
}

// Saved reports (/organisation-report): the report page builds a report in a chosen language and
// keeps the last few per user in the database, so any node serves them again.

export const reportLanguages = ['nl', 'en'] as const;
export const reportLanguageSchema = z.enum(reportLanguages);
export type ReportLanguage = z.infer<typeof reportLanguageSchema>;

/** How many saved reports a user keeps; older ones are removed when a new one is saved. */
export const savedReportsKept = 10;

/** POST /liftwacht/reports: build and keep an organisation report. */
export const savedReportRequestSchema = z
  .object({
    organisationId: idNumberSchema.describe('The organisation the report is about'),
    from: isoDateSchema.describe('First day of the period, yyyy-MM-dd (Europe/Amsterdam), inclusive'),
    to: isoDateSchema.describe('Last day of the period, yyyy-MM-dd, inclusive'),
    language: reportLanguageSchema.describe('The language the report is written in'),
  })
  .superRefine(refinePeriod);
export type SavedReportRequest = z.infer<typeof savedReportRequestSchema>;

export const savedReportSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  from: z.string(),
  to: z.string(),
  language: reportLanguageSchema,
  /** Bytes of the PDF. */
  size: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export type SavedReport = z.infer<typeof savedReportSchema>;

export const savedReportResponseSchema = dataOf(savedReportSchema);
export const savedReportListResponseSchema = dataOf(z.object({ items: z.array(savedReportSchema) }));
export type SavedReportList = z.infer<typeof savedReportListResponseSchema>['data'];

/** The saved report's file name: organisation and period, so two downloads do not collide. */
export function savedReportFileName(report: Pick<SavedReport, 'organisationId' | 'from' | 'to'>): string {
  return `liftwacht-organisation-report-${String(report.organisationId)}-${report.from}-${report.to}.pdf`;
}

// Scheduled reports ("Meldingen"): a monthly or quarterly organisation report by mail.

export const reportCadences = ['monthly', 'quarterly'] as const;
export const reportCadenceSchema = z.enum(reportCadences);
export type ReportCadence = z.infer<typeof reportCadenceSchema>;

export const reportSubscriptionInputSchema = z.object({
  organisationId: idNumberSchema.describe('The organisation whose report is mailed'),
  cadence: reportCadenceSchema.describe('monthly or quarterly'),
});
export type ReportSubscriptionInput = z.infer<typeof reportSubscriptionInputSchema>;

export const reportSubscriptionSchema = reportSubscriptionInputSchema.extend({
  organisationName: z.string(),
  createdAt: isoDateTimeSchema,
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

export const reportSubscriptionListResponseSchema = dataOf(z.object({ items: z.array(reportSubscriptionSchema) }));
export type ReportSubscriptionList = z.infer<typeof reportSubscriptionListResponseSchema>['data'];

export const reportSubscriptionParamsSchema = z.object({
  organisationId: z.coerce.number().int().positive().max(2_147_483_647),
  cadence: reportCadenceSchema,
});

/** A scheduled report's mail as administrators see it: waiting, sent, or failed (retrying or given up). */
export const reportDeliveryStates = ['pending', 'sent', 'failed', 'skipped'] as const;
export const reportDeliverySchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  organisationName: z.string(),
  cadence: reportCadenceSchema,
  from: z.string(),
  to: z.string(),
  state: z.enum(reportDeliveryStates),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;
export const reportDeliveryListResponseSchema = dataOf(z.object({ items: z.array(reportDeliverySchema) }));
export type ReportDeliveryList = z.infer<typeof reportDeliveryListResponseSchema>['data'];
