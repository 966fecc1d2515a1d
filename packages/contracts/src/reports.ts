// PDF reports (spec §7 POST /report/pdf). The answer is the PDF itself, not a JSON envelope; errors
// are the usual { error: { code, message, field } } envelope.
import { z } from 'zod';
import { isoDateSchema } from './common.ts';

const isDate = (value: unknown): value is string => isoDateSchema.safeParse(value).success;

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
  .superRefine((body, ctx) => {
    // A malformed date is reported on its own field; the period is only checked between real days.
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
  })
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
