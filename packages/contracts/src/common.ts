// Envelopes and building blocks every feature's contract uses (DESIGN §5).
import { z } from 'zod';
import { firstDate, isPortalDay, lastDate, maxPeriodDays, periodDays } from './periods.ts';

export const errorCodes = [
  'validation_failed',
  'malformed_json',
  'malformed_request',
  'headers_too_large',
  'uri_too_long',
  'request_timeout',
  'unauthorized',
  'invalid_credentials',
  'token_expired',
  'session_revoked',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'reset_token_invalid',
  'reset_token_used',
  'reset_token_expired',
  'last_admin',
  /** A new username that reads like an existing one (same UTS #39 confusable skeleton). */
  'username_look_alike',
  /** An email address another user has, in any spelling (one spelling per person). */
  'email_taken',
  'wrong_password',
  'setup_token_invalid',
  /** A logbook entry past its 24-hour correction window (issue 18). */
  'correction_window_closed',
  'internal_error',
  'unavailable',
] as const;
// Pure: the web never parses codes, so its login page (size budget) leaves the list out.
export const errorCodeSchema = /* @__PURE__ */ z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The offending request field, for validation errors. */
    field: z.string().optional(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** `{ data: T }`, the success envelope of every JSON response. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const paginationSchema = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
});

/** `{ data: { items, pagination, total } }` for every list. */
export const listOf = <T extends z.ZodType>(item: T) =>
  dataOf(z.object({ items: z.array(item), pagination: paginationSchema, total: z.number().int() }));

/** The most rows one list request returns, and the deepest page it may ask for. */
export const maxPageSize = 1000;
export const maxOffset = 1_000_000;

/** Page size of a list: 1…max (default `size`). */
export const pageLimitSchema = (size: number, max = maxPageSize) =>
  z.coerce.number().int().min(1).max(max).default(size);
/** Rows to skip: 0…1,000,000, so a request cannot make the database walk an unbounded index. */
export const pageOffsetSchema = z.coerce.number().int().min(0).max(maxOffset).default(0);

export const listQuerySchema = /* @__PURE__ */ z.object({
  limit: pageLimitSchema(100),
  offset: pageOffsetSchema,
});

/** A database id in a JSON body: a positive 32-bit integer (larger ones cannot exist and would fail in SQL). */
export const idNumberSchema = z.number().int().positive().max(2_147_483_647);
/** A database id in a path or query string. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamSchema = /* @__PURE__ */ z.object({ id: idSchema });

// ── text ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Every text a client sends goes through one of these two. PostgreSQL text cannot hold NUL, and no
 * form field has a use for other control characters (C0, DEL, C1), which only hide text in logs,
 * mails and exports. A line refuses all of them; a multi-line text keeps tab, line feed and return.
 * Both refuse a lone UTF-16 surrogate, which no UTF-8 text (nor a JSON value PostgreSQL stores) holds.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const lineControl = /^[^\u0000-\u001F\u007F-\u009F\p{Cs}]*$/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const textControl = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]*$/u;
const controlMessage = 'must not contain control characters or broken (lone surrogate) characters';

/** One line of text (a name, a search, a number): at most `max` characters, no control characters. */
export const safeLineSchema = (max: number) => z.string().max(max).regex(lineControl, controlMessage);
/** Free text (remarks, notes): at most `max` characters; tab and line breaks allowed. */
export const safeTextSchema = (max: number) => z.string().max(max).regex(textControl, controlMessage);

// ── dates and periods ──────────────────────────────────────────────────────────────────────────

/** Calendar date on the wire: yyyy-MM-dd, a real day (no 30 February) between 1900 and 2199. */
export const isoDateSchema = z.iso
  .date()
  // Only a well-formed date is out of range; anything else already failed as "Invalid ISO date".
  .refine((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || (d >= firstDate && d <= lastDate), {
    message: `must be between ${firstDate} and ${lastDate}`,
  });

/**
 * Checks an optional from/to pair of inclusive days: to not before from, at most `maxDays` days.
 * Runs on the whole object, so it must not trust its fields: a malformed date has already been
 * reported on its own field and is skipped here instead of throwing.
 */
export function refinePeriod(
  q: { from?: string | null | undefined; to?: string | null | undefined },
  ctx: z.RefinementCtx,
  maxDays = maxPeriodDays,
): void {
  if (!isPortalDay(q.from) || !isPortalDay(q.to)) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (periodDays(q.from, q.to) > maxDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `the period may be at most ${String(maxDays)} days long`,
    });
  }
}
/** Timestamp on the wire: ISO 8601 with offset. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
